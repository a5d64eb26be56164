// A loopback forward proxy, as a runner's HTTP_PROXY/HTTPS_PROXY would be, and "another site" behind
// it whose pages a test scripts (issue 52). The proxy takes plain absolute-URI requests
// (`GET http://site.example/page`, how undici sends an http:// target through HTTP_PROXY) and
// CONNECT tunnels (an https:// target), records what it was asked, and resolves the target itself:
// the names it is given map to loopback ports (a proxy decides what it reaches, so a name the
// action would never connect to itself is fine here), any other name is "not found": 502, as a
// real proxy answers a name that does not resolve. The site answers each page from its script,
// one answer per request, the last one repeated (404, 503 once then 200, 429 always, 200).
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** One request the proxy was asked: `GET http://site.example/x`, or `CONNECT site.example:443`. */
interface ProxyAsk {
  method: string;
  target: string;
}

export interface ForwardProxy {
  url: string;
  asked: ProxyAsk[];
  close(): Promise<void>;
}

/** `hosts`: a name the proxy resolves (lower case, without port) → the loopback port it reaches. */
export async function startForwardProxy(hosts: Record<string, number>): Promise<ForwardProxy> {
  const asked: ProxyAsk[] = [];
  const portOf = (name: string) => (Object.hasOwn(hosts, name.toLowerCase()) ? hosts[name.toLowerCase()] : undefined);
  const server = createServer((req, res) => {
    asked.push({ method: req.method ?? 'GET', target: req.url ?? '' });
    forward(req, res, portOf);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    asked.push({ method: 'CONNECT', target: req.url ?? '' });
    const name = (req.url ?? '').replace(/:\d+$/, '');
    const port = portOf(name);
    if (port === undefined) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return { url: await listen(server), asked, close: () => closeServer(server) };
}

/** A plain request for an absolute URI, sent on to the site it names (502 for a name the proxy does not know). */
function forward(req: IncomingMessage, res: ServerResponse, portOf: (name: string) => number | undefined): void {
  const target = URL.canParse(req.url ?? '') ? new URL(req.url!) : undefined;
  const port = target === undefined ? undefined : portOf(target.hostname);
  if (target === undefined || port === undefined) {
    res.writeHead(502, { 'content-type': 'text/plain' }).end('proxy: no such host');
    return;
  }
  const upstream = httpRequest(
    { host: '127.0.0.1', port, method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** A page's answers in order, the last one repeated: a status, and headers (`retry-after`). */
type Answer = number | { status: number; headers?: Record<string, string> };

export interface OtherSite {
  port: number;
  /** Every request, `GET /dead.html`, in order. */
  requests: string[];
  /** The answers of `path` from now on (pages not scripted answer 404). */
  script(path: string, answers: Answer[]): void;
  close(): Promise<void>;
}

/**
 * Another site on loopback: each scripted page answers its next answer (HTML `ok` on a 200).
 * `tls`: the site speaks HTTPS with this certificate (an https:// target, reached through the
 * proxy's CONNECT tunnel; the action trusts the certificate through `NODE_EXTRA_CA_CERTS`).
 */
export async function startOtherSite(options: { tls?: { key: string; cert: string } } = {}): Promise<OtherSite> {
  const requests: string[] = [];
  const scripts = new Map<string, { answers: Answer[]; next: number }>();
  const respond: RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push(`${req.method} ${path}`);
    const script = scripts.get(path);
    const answer = script === undefined ? 404 : script.answers[Math.min(script.next++, script.answers.length - 1)]!;
    const { status, headers = {} } = typeof answer === 'number' ? { status: answer } : answer;
    res.writeHead(status, { 'content-type': 'text/html', ...headers }).end(status === 200 ? '<p>ok</p>' : `<p>${status}</p>`);
  };
  const server = options.tls === undefined ? createServer(respond) : createTlsServer(options.tls, respond);
  const url = await listen(server);
  return {
    port: Number(new URL(url).port),
    requests,
    script: (path, answers) => scripts.set(path, { answers, next: 0 }),
    close: () => closeServer(server),
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
