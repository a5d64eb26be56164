// A loopback HTTP server whose answers a test scripts one request at a time: for faults the
// stand-in does not model (refused connections, stalls at any point, foreign origins, proxies).
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

interface Hit {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

/** Answers one request; `hit` is what was received. */
export type Script = (req: IncomingMessage, res: ServerResponse, hit: Hit) => void;

export interface ScriptedServer {
  url: string;
  port: number;
  hits: Hit[];
  close(): Promise<void>;
}

/** Requests take the scripts in turn; the last one answers every request after. */
export async function scriptedServer(scripts: Script[], port = 0): Promise<ScriptedServer> {
  const hits: Hit[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit: Hit = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      hits.push(hit);
      const script = scripts[Math.min(hits.length - 1, scripts.length - 1)]!;
      script(req, res, hit);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (yet): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export const answers = {
  json(status: number, body: unknown, headers: Record<string, string> = {}): Script {
    return (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
  },
  text(status: number, body: string, contentType?: string, headers: Record<string, string> = {}): Script {
    return (_req, res) => {
      res.writeHead(status, { ...(contentType ? { 'content-type': contentType } : {}), ...headers });
      res.end(body);
    };
  },
  /** A 200 JSON answer whose body never ends: a steady stream that no idle timeout trips. */
  endless(chunk = `{"results": [${'"x",'.repeat(16_000)}`): Script {
    return (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      req.socket.on('close', () => res.destroy());
      pump();
    };
  },
  /** The connection is reset without an answer. */
  reset(): Script {
    return (req) => req.socket.resetAndDestroy();
  },
  /** Headers and part of the body, then the connection drops. */
  truncated(body: string): Script {
    return (req, res) => {
      const buf = Buffer.from(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(buf.length) });
      res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => req.socket.destroy());
    };
  },
  /** No answer at all for `ms`, then the connection drops. */
  silent(ms: number): Script {
    return (req) => {
      setTimeout(() => req.socket.destroy(), ms).unref();
    };
  },
  /** Headers and part of the body, then nothing for `ms`. */
  stalledBody(body: string, ms: number): Script {
    return (req, res) => {
      const buf = Buffer.from(body);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(buf.length) });
      res.write(buf.subarray(0, 3));
      setTimeout(() => req.socket.destroy(), ms).unref();
    };
  },
};

export interface ForwardProxy {
  url: string;
  /** `host:port` of every request it carried: CONNECT tunnels (https) and forwarded requests (http). */
  tunnels: string[];
  close(): Promise<void>;
}

/** A forward proxy: CONNECT tunnels, and absolute-form requests forwarded as they are. */
export async function forwardProxy(): Promise<ForwardProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    tunnels.push(target.host);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push(target);
    const [host, port] = target.split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
