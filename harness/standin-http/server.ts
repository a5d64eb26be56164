// The HTTP side of a stand-in (the Read the Docs one and the GitHub one): the loopback server, the
// request log, the injected faults applied around the processing of each request (see faults.ts),
// and headers a hostile proxy could add to every answer. Routing is each stand-in's own.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FaultQueue } from './faults.ts';
import type { Fault } from './faults.ts';
import { replyBytes, type Reply } from './reply.ts';

export type { Fault } from './faults.ts';
export type { Reply } from './reply.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  at: number;
  /** What was answered; 0 when the socket was destroyed without an answer. */
  status: number;
  /** The fault applied to this request, if any. */
  fault?: string;
}

export interface HttpHooks {
  /** Called once per request, before anything else happens to it. */
  record(rec: RecordedRequest): void;
  /** Answers a request that no fault answered instead. */
  process(method: string, url: URL, headers: Record<string, string>, body: string, path: string, ip: string): Reply;
}

export class HttpServer {
  url = '';
  readonly faults = new FaultQueue();
  private readonly extraHeaders: { method: string; path: RegExp; headers: Record<string, string> }[] = [];

  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly latencyMs: number;
  private readonly hooks: HttpHooks;

  constructor(hooks: HttpHooks, latencyMs: number) {
    this.hooks = hooks;
    this.latencyMs = latencyMs;
    // No request or header time limit: on a loaded machine Node's defaults (60 s for the headers)
    // answered a test's request 408 (seen at load 30); the stand-in is not what is being timed.
    this.server = createServer({ requestTimeout: 0, headersTimeout: 0 }, (req, res) => {
      this.handle(req, res).catch((e: unknown) => {
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(`stand-in error: ${String(e)}`);
        }
      });
    });
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
  }

  /**
   * Answers to requests matching method and path carry `headers` besides (over the stand-in's own),
   * faults' answers included: what a hostile proxy could add, such as a `Link` elsewhere.
   */
  addHeaders(method: string, path: RegExp, headers: Record<string, string>): void {
    this.extraHeaders.push({ method: method.toUpperCase(), path, headers });
  }

  private headersFor(rec: RecordedRequest, reply: Reply): Record<string, string> {
    const extra = this.extraHeaders.filter((added) => added.method === rec.method && added.path.test(rec.path));
    return Object.assign({ ...reply.headers }, ...extra.map((added) => added.headers));
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    }
    const rec: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      headers,
      body,
      at,
      status: 0,
    };
    this.hooks.record(rec);

    const fault: Fault | null = this.faults.take(method, url.pathname, url.pathname + url.search);
    if (fault) rec.fault = fault.kind;
    await this.sleep(this.latencyMs);

    if (fault?.kind === 'reset') {
      this.destroy(req);
      return;
    }
    if (fault?.kind === 'status') {
      const text = fault.body ?? `<html><body><h1>${fault.status}</h1></body></html>`;
      const looksJson = /^\s*[[{]/.test(text);
      const reply: Reply = {
        status: fault.status,
        headers: {
          'content-type': fault.contentType ?? (looksJson ? 'application/json' : 'text/html; charset=utf-8'),
          ...(fault.headers ?? {}),
        },
        body: text,
      };
      this.send(res, rec, reply);
      return;
    }
    if (fault?.kind === 'redirect') {
      this.send(res, rec, {
        status: fault.status ?? 302,
        headers: { location: fault.location, 'content-type': 'text/html; charset=utf-8' },
        body: '',
      });
      return;
    }
    if (fault?.kind === 'delay') await this.sleep(fault.ms);

    const reply = this.hooks.process(method, url, headers, body, rec.path, req.socket.remoteAddress ?? 'unknown');

    if (fault?.kind === 'delay-after-processing') await this.sleep(fault.ms);
    if (fault?.kind === 'reset-after-processing') {
      this.destroy(req);
      return;
    }
    if (fault?.kind === 'truncate') {
      const buf = replyBytes(reply);
      rec.status = reply.status;
      if (res.destroyed) return;
      res.writeHead(reply.status, { ...this.headersFor(rec, reply), 'content-length': String(buf.length) });
      res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => this.destroy(req));
      return;
    }
    if (fault?.kind === 'stall-body') {
      const buf = replyBytes(reply);
      rec.status = reply.status;
      if (res.destroyed) return;
      res.writeHead(reply.status, { ...this.headersFor(rec, reply), 'content-length': String(buf.length) });
      res.write(buf.subarray(0, Math.floor(buf.length / 2)));
      await this.sleep(fault.ms);
      this.destroy(req);
      return;
    }
    this.send(res, rec, fault?.kind === 'rewrite' ? { ...reply, body: fault.transform(reply.body) } : reply);
  }

  private destroy(req: IncomingMessage): void {
    const s = req.socket;
    if (typeof s.resetAndDestroy === 'function') s.resetAndDestroy();
    else s.destroy();
  }

  private send(res: ServerResponse, rec: RecordedRequest, reply: Reply): void {
    rec.status = reply.status;
    if (res.destroyed || res.headersSent) return;
    const buf = replyBytes(reply);
    res.writeHead(reply.status, { ...this.headersFor(rec, reply), 'content-length': String(buf.length) });
    res.end(buf);
  }
}
