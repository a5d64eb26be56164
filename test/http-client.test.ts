// The one HTTP client, over real loopback connections: which faults are retried and how, what
// writes may repeat, and where the token may go.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  AuthError,
  BlockedError,
  NotFoundError,
  PermissionError,
  SchemaError,
  ReadTheDocsError,
  UnavailableError,
  UncertainWriteError,
} from '../src/readthedocs/errors.js';
import { ReadTheDocsHttpClient, retryAfter, retryLine, type HttpClientOptions, type RequestSpec } from '../src/readthedocs/http-client.js';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { ReadTheDocsApi } from '../src/readthedocs/read-the-docs.js';
import { CancelledError } from '../src/util/abort.js';
import { httpTimeoutFromEnv, proxyCredentials } from '../src/util/network-env.js';
import { Redactor } from '../src/util/redact.js';
import { ACTION_VERSION, USER_AGENT } from '../src/version.js';
import { answers, closedPort, scriptedServer, forwardProxy, type Script, type ScriptedServer } from './support/scripted-server.ts';

const TOKEN = 'rtd_unit_secret_0123456789abcdef';
const ItemSchema = z.object({ id: z.int() });
const OK = answers.json(200, { id: 7 });

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (cleanup.length > 0) await cleanup.pop()!();
});

async function serve(...scripts: Script[]): Promise<ScriptedServer> {
  const server = await scriptedServer(scripts);
  cleanup.push(() => server.close());
  return server;
}

interface TestClient {
  http: ReadTheDocsHttpClient;
  debug: string[];
  /** The retry lines the user sees. */
  info: string[];
  budget: RateBudget;
  controller: AbortController;
}

function client(baseUrl: string, options: Partial<HttpClientOptions> = {}): TestClient {
  const redactor = new Redactor();
  redactor.add(TOKEN);
  const debug: string[] = [];
  const info: string[] = [];
  const controller = new AbortController();
  const budget = options.budget ?? new RateBudget(1000, 60_000);
  const http = new ReadTheDocsHttpClient({
    baseUrl,
    token: TOKEN,
    userAgent: USER_AGENT,
    budget,
    signal: controller.signal,
    redact: (text) => redactor.redact(text),
    debug: (message) => debug.push(message),
    info: (message) => info.push(message),
    backoffBaseMs: 20,
    backoffMaxMs: 200,
    headersTimeoutMs: 300,
    bodyTimeoutMs: 300,
    ...options,
  });
  cleanup.push(() => http.close());
  return { http, debug, info, budget, controller };
}

const read = (path = '/api/v3/item/'): RequestSpec<{ id: number }> => ({
  method: 'GET',
  path,
  schema: ItemSchema,
  endpoint: 'GET item/',
  kind: 'read',
});
const write = (kind: RequestSpec<unknown>['kind'] = 'write'): RequestSpec<{ id: number }> => ({
  method: 'POST',
  path: '/api/v3/item/',
  schema: ItemSchema,
  endpoint: 'POST item/',
  kind,
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('reads ride through transient faults', () => {
  const faults: [string, Script][] = [
    ['a reset connection', answers.reset()],
    ['502 with an HTML body', answers.text(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html')],
    ['503 with a plain-text body', answers.text(503, 'Service Unavailable', 'text/plain')],
    ['504 with no body', answers.text(504, '')],
    ['500 with a JSON detail', answers.json(500, { detail: 'Server Error' })],
    ['a truncated JSON body', answers.truncated(JSON.stringify({ id: 7, padding: 'x'.repeat(200) }))],
    ['a 200 that is not JSON', answers.text(200, '<html>captive portal</html>', 'text/html')],
    ['no headers before the timeout', answers.silent(2000)],
    ['a body that stalls past the timeout', answers.stalledBody(JSON.stringify({ id: 7 }), 2000)],
  ];
  for (const [name, fault] of faults) {
    it(`retries after ${name}`, async () => {
      const server = await serve(fault, OK);
      const { http } = client(server.url);
      const { data } = await http.send(read());
      expect(data).toEqual({ id: 7 });
      expect(server.hits).toHaveLength(2);
      expect(http.stats.retries).toBe(1);
    });
  }

  it('a host that refuses every connection before it ever answered fails after one retry, not the whole backoff (issue 35)', async () => {
    const port = await closedPort();
    const { http, info } = client(`http://127.0.0.1:${port}`, { backoffBaseMs: 100 });
    const error = await failure(http.send(read()));
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).title).toBe('Read the Docs unreachable');
    expect(error.message).toContain(`http://127.0.0.1:${port} cannot be reached (2 attempts; last error: ECONNREFUSED`);
    expect(http.stats.requests).toBe(2);
    expect(info).toHaveLength(1);
    // Tried twice by design: the retry line says so (issue 42).
    expect(info[0]).toMatch(/attempt 2 of 2 in /);
  });

  it('once the service has answered, a refused connection is a restart: retried until it comes back', async () => {
    const first = await scriptedServer([OK]);
    const { port } = first;
    // The service comes back during the third wait: three refusals in a row are retried.
    let waits = 0;
    const sleep = async () => {
      waits += 1;
      if (waits === 3) await scriptedServer([OK], port).then((server) => cleanup.push(() => server.close()));
    };
    const { http, debug, info } = client(`http://127.0.0.1:${port}`, { sleep });
    await http.send(read());
    await first.close();
    const { data } = await http.send(read());
    expect(data).toEqual({ id: 7 });
    expect(http.stats.retries).toBe(3);
    expect(debug.join('\n')).toContain('ECONNREFUSED');
    // Without debug, the log still says why it waits: one line per retry.
    expect(info[0]).toMatch(/^Read the Docs did not answer \(ECONNREFUSED\) for GET \S+; attempt 2 of 6 in \d+(\.\d+)? ?m?s$/);
    expect(info).toHaveLength(http.stats.retries);
  });

  it('waits longer after each fault, with jitter: half to all of base × 2^n', async () => {
    const server = await serve(answers.reset(), answers.reset(), answers.reset(), answers.reset(), OK);
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValueOnce(0).mockReturnValueOnce(1).mockReturnValueOnce(0).mockReturnValueOnce(1);
    const { http, debug } = client(server.url, { backoffBaseMs: 40, backoffMaxMs: 200 });
    await http.send(read());
    const delays = debug
      .map((line) => /retry \d+ in (\d+) ms/.exec(line)?.[1])
      .filter(Boolean)
      .map(Number);
    // random 0 → half the ceiling, random 1 → the whole ceiling; the ceiling doubles up to the max.
    expect(delays).toEqual([20, 80, 80, 200]);
  });

  it('gives up after maxAttempts with the last error', async () => {
    const server = await serve(answers.text(503, '<html>down</html>', 'text/html'));
    const { http } = client(server.url, { maxAttempts: 4 });
    const error = await failure(http.send(read()));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toMatch(/kept failing after 4 attempts; last error: 503 \(text\/html body\)/);
    expect(server.hits).toHaveLength(4);
  });

  it('never waits past the deadline: gives up at once with the last error and says so', async () => {
    const server = await serve(answers.text(502, 'Bad Gateway', 'text/plain'));
    // A retry wait of 10 minutes: waited, it would outlast the test's own timeout.
    const { http } = client(server.url, { backoffBaseMs: 600_000, backoffMaxMs: 600_000, remainingMs: () => 1500 });
    const error = await failure(http.send(read()));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toMatch(
      /gave up after 1 attempt: the next retry \(in [\dhms]+\) would come after the step's deadline \(input `timeout`, 1\.5s left\); last error: 502/,
    );
    expect(server.hits).toHaveLength(1);
    expect(http.stats.retries).toBe(0);
  });

  it('does not retry what retrying cannot fix: 401, JSON 403, 404, a body of the wrong shape', async () => {
    const cases: [Script, new (...args: never[]) => Error][] = [
      [answers.json(401, { detail: 'Invalid token.' }), AuthError],
      [answers.json(403, { detail: 'You do not have permission to perform this action.' }), PermissionError],
      [answers.json(200, { id: 'seven' }), SchemaError],
    ];
    for (const [script, kind] of cases) {
      const server = await serve(script);
      const { http } = client(server.url);
      expect(await failure(http.send(read()))).toBeInstanceOf(kind);
      expect(server.hits).toHaveLength(1);
    }
  });
});

describe('what was refused or not reached is named by its path, not the route template (issue 49)', () => {
  const named = { ...read('/api/v3/projects/my-docs/builds/'), endpoint: 'GET projects/{project}/builds/' };

  it('401 and 403', async () => {
    for (const [status, detail] of [
      [401, 'Invalid token.'],
      [403, 'You do not have permission to perform this action.'],
    ] as const) {
      const server = await serve(answers.json(status, { detail }));
      const error = await failure(client(server.url).http.send(named));
      expect(error.message).toMatch(new RegExp(`^GET projects/my-docs/builds/: .*\\(${status}: `));
      expect(error.message).not.toContain('{project}');
    }
  });

  it('a host never reached, and a service that kept failing', async () => {
    const port = await closedPort();
    const unreachable = await failure(client(`http://127.0.0.1:${port}`).http.send(named));
    expect(unreachable.message).toMatch(/^GET projects\/my-docs\/builds\/: http:\/\/127\.0\.0\.1:\d+ cannot be reached/);
    const server = await serve(
      answers.text(503, 'down', 'text/plain'),
      answers.text(503, 'down', 'text/plain'),
      answers.text(503, 'down', 'text/plain'),
    );
    const failing = await failure(client(server.url, { maxAttempts: 3 }).http.send(named));
    expect(failing.message).toMatch(/^GET projects\/my-docs\/builds\/: the service kept failing after 3 attempts/);
  });
});

describe('404', () => {
  it("says what to do in one line, naming the project's slug the request asked for (docs/troubleshooting.md's *Not found*)", async () => {
    const server = await serve(answers.json(404, { detail: 'No Version matches the given query.' }));
    const { http } = client(server.url);
    const error = await failure(
      http.send({ ...read('/api/v3/projects/nope/versions/v9/'), endpoint: 'GET projects/{project}/versions/{version}/' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      'GET projects/nope/versions/v9/: not found (404: No Version matches the given query.). ' +
        "Check the slug `nope` in the project's URL on Read the Docs, that the token can see it (a private project looks missing without one), " +
        "the version's slug under *Versions*, and that `base-url` is the site's root",
    );
    const elsewhere = await serve(answers.json(404, { detail: 'Not found.' }));
    const other = await failure(client(elsewhere.url).http.send(read()));
    expect(other.message).toContain("Check the slug in the project's URL on Read the Docs, that the token can see it");
  });
});

describe('403 that is not JSON', () => {
  it('is a network block, said plainly, and not retried', async () => {
    const server = await serve(answers.text(403, '<html><body>Access denied by policy</body></html>', 'text/html'));
    const { http } = client(server.url);
    const error = await failure(http.send(read()));
    expect(error).toBeInstanceOf(BlockedError);
    expect((error as BlockedError).title).toBe('Blocked before Read the Docs');
    expect(error.message).toContain('network block');
    expect(error.message).toContain('not by its API');
    expect(server.hits).toHaveLength(1);
  });
});

describe('429 and Retry-After', () => {
  it('waits what Retry-After says, and holds back every other request of the step meanwhile', async () => {
    const server = await serve(
      answers.json(429, { detail: 'Request was throttled. Expected available in 1 second.' }, { 'retry-after': '1' }),
      OK,
    );
    const { http, budget, controller } = client(server.url);
    const limitBefore = budget.currentLimit;
    const first = http.send(read('/api/v3/one/'));
    // A second request, sent by another part of the step once the first one was throttled.
    await vi.waitUntil(() => budget.stats.throttled === 1, { timeout: 60_000, interval: 5 });
    const other = client(server.url, { budget });
    controller.signal.addEventListener('abort', () => other.controller.abort());
    const second = other.http.send(read('/api/v3/two/'));
    await Promise.all([first, second]);

    const [throttled, ...later] = server.hits;
    expect(later).toHaveLength(2);
    for (const hit of later) expect(hit.at - throttled!.at).toBeGreaterThanOrEqual(990);
    // Later requests of the step are spaced wider too.
    expect(budget.currentLimit).toBeLessThan(limitBefore);
    expect(http.stats.throttled).toBe(1);
  });

  it('retries even a write that was throttled: the service refused it before looking at it', async () => {
    const server = await serve(answers.json(429, { detail: 'Request was throttled.' }, { 'retry-after': '0' }), OK);
    const { http } = client(server.url);
    const { data } = await http.send(write());
    expect(data).toEqual({ id: 7 });
    expect(server.hits.map((hit) => hit.method)).toEqual(['POST', 'POST']);
  });

  it("reads Retry-After as seconds or an HTTP date, else the seconds in DRF's message", () => {
    expect(retryAfter('3', undefined)).toBe(3000);
    expect(retryAfter('0.5', undefined)).toBe(500);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfter(inTenSeconds, undefined)).toBeGreaterThan(8000);
    expect(retryAfter(inTenSeconds, undefined)).toBeLessThanOrEqual(10_000);
    expect(retryAfter(undefined, 'Request was throttled. Expected available in 42 seconds.')).toBe(42_000);
    expect(retryAfter('soon', undefined)).toBe(5000);
  });

  it('gives up rather than wait a Retry-After longer than the time left', async () => {
    const server = await serve(answers.json(429, { detail: 'Request was throttled.' }, { 'retry-after': '600' }));
    const { http } = client(server.url, { remainingMs: () => 20_000 });
    const error = await failure(http.send(read()));
    expect(error.message).toMatch(/next retry \(in 10m\) would come after the step's deadline/);
    expect(server.hits).toHaveLength(1);
  });
});

describe('writes repeat only when they certainly did not reach the service', () => {
  const lost: [string, Script][] = [
    ['a reset', answers.reset()],
    ['a 502', answers.text(502, '<html>Bad Gateway</html>', 'text/html')],
    ['a truncated answer', answers.truncated(JSON.stringify({ id: 7, padding: 'x'.repeat(100) }))],
    ['no answer before the timeout', answers.silent(2000)],
  ];
  for (const [name, fault] of lost) {
    it(`a write that met ${name} is reported as uncertain, sent once`, async () => {
      const server = await serve(fault, OK);
      const { http } = client(server.url);
      const error = await failure(http.send(write()));
      expect(error).toBeInstanceOf(UncertainWriteError);
      expect(error.message).toContain('the service may have acted on it');
      expect(server.hits).toHaveLength(1);
    });
  }

  it('an idempotent write is repeated after a reset', async () => {
    const server = await serve(answers.reset(), OK);
    const { http } = client(server.url);
    await http.send(write('idempotent-write'));
    expect(server.hits).toHaveLength(2);
  });

  it('a write whose connection was refused is repeated: it never left', async () => {
    const port = await closedPort();
    // The service comes up during the wait before the second attempt.
    const sleep = async () => {
      await scriptedServer([OK], port).then((server) => cleanup.push(() => server.close()));
    };
    const { http } = client(`http://127.0.0.1:${port}`, { sleep });
    const { data } = await http.send(write());
    expect(data).toEqual({ id: 7 });
  });
});

describe('cancellation', () => {
  it('aborts a request in flight and sends nothing more', async () => {
    const server = await serve(answers.silent(5000));
    const { http, controller } = client(server.url, { headersTimeoutMs: 10_000 });
    const pending = http.send(read());
    await vi.waitUntil(() => server.hits.length === 1, { timeout: 60_000, interval: 5 });
    controller.abort(new CancelledError());
    const error = await failure(pending);
    expect(error).toBeInstanceOf(CancelledError);
    await expect(http.send(read())).rejects.toBeInstanceOf(CancelledError);
    expect(server.hits).toHaveLength(1);
  });

  it('ends a retry wait at once', async () => {
    const server = await serve(answers.reset());
    // A retry wait of 10 minutes: not ended by the abort, it would outlast the test's own timeout.
    const { http, controller } = client(server.url, { backoffBaseMs: 600_000, backoffMaxMs: 600_000 });
    const pending = http.send(read());
    await vi.waitUntil(() => http.stats.retries === 1, { timeout: 60_000, interval: 5 });
    controller.abort(new CancelledError());
    expect(await failure(pending)).toBeInstanceOf(CancelledError);
    expect(server.hits).toHaveLength(1);
    expect(http.stats.retries).toBe(1);
  });
});

describe('the token and the hosts it may go to', () => {
  it('is sent as `Token …` to base-url, with a User-Agent naming the action and its version', async () => {
    const server = await serve(OK);
    const { http } = client(server.url);
    await http.send(read());
    const [hit] = server.hits;
    expect(hit!.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(hit!.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(new RegExp(`^readthedocs-action/${ACTION_VERSION.replace(/\./g, '\\.')} `));
    // package.json's version at a release, `-dev` before it (test/scripts/release.test.ts, issue 49).
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect([pkg.version, `${pkg.version}-dev`]).toContain(ACTION_VERSION);
  });

  it('is never sent to another origin, even when asked to fetch an absolute URL there', async () => {
    const home = await serve(OK);
    const foreign = await serve(OK);
    const { http } = client(home.url);
    await http.send(read(`${foreign.url}/api/v3/item/`));
    expect(foreign.hits).toHaveLength(1);
    expect(foreign.hits[0]!.headers.authorization).toBeUndefined();
  });

  it('does not follow a redirect to another origin (nor send anything there)', async () => {
    const foreign = await serve(OK);
    const home = await serve(answers.text(302, '', undefined, { location: `${foreign.url}/steal/` }));
    const { http } = client(home.url);
    const error = await failure(http.send(read()));
    expect(error).toBeInstanceOf(ReadTheDocsError);
    expect(error.message).toContain(`unexpected redirect (302) to ${foreign.url}; not followed`);
    expect(foreign.hits).toHaveLength(0);
  });

  it('follows a redirect on its own origin, with the token', async () => {
    const home = await serve(answers.text(301, '', undefined, { location: '/api/v3/item/?moved=1' }), OK);
    const { http } = client(home.url);
    await http.send(read('/api/v3/item'));
    expect(home.hits.map((hit) => hit.url)).toEqual(['/api/v3/item', '/api/v3/item/?moved=1']);
    expect(home.hits[1]!.headers.authorization).toBe(`Token ${TOKEN}`);
  });

  it('refuses a `next` link that names another host, and sends nothing more to either host', async () => {
    const foreign = await serve(OK);
    const page = (next: string | null) => answers.json(200, { count: 0, next, previous: null, results: [] });
    const home = await serve(page(`${foreign.url}/api/v3/projects/demo/translations/?limit=100&offset=100`), page(null));
    const { http } = client(home.url);
    const error = await new ReadTheDocsApi(http).translations('demo').catch((e: unknown) => e);
    expect((error as Error).message).toContain('leads away from the list');
    expect(foreign.hits).toHaveLength(0);
    expect(home.hits.map((hit) => hit.url)).toEqual(['/api/v3/projects/demo/translations/?limit=100']);
  });

  it('scrubs the token from error bodies that echo it, in errors and in debug lines', async () => {
    const echo = `Invalid token header: Token ${TOKEN}`;
    const server = await serve(answers.json(500, { detail: echo }), answers.json(400, { detail: echo, token: [TOKEN] }));
    const { http, debug } = client(server.url);
    const error = await failure(http.send(read()));
    expect(error.message).toContain('Invalid token header: Token ***');
    expect(error.message).not.toContain(TOKEN);
    expect(debug.length).toBeGreaterThan(0);
    expect(debug.join('\n')).not.toContain(TOKEN);
    expect(debug.join('\n')).toContain('Token ***');
  });
});

describe('proxies', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('goes through HTTP_PROXY when it is set', async () => {
    const server = await serve(OK);
    const proxy = await forwardProxy();
    cleanup.push(() => proxy.close());
    process.env.HTTP_PROXY = proxy.url;
    delete process.env.http_proxy;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    const { http } = client(server.url);
    await http.send(read());
    expect(proxy.tunnels).toEqual([`127.0.0.1:${server.port}`]);
    expect(server.hits).toHaveLength(1);
  });

  it('goes direct for a host in NO_PROXY', async () => {
    const server = await serve(OK);
    const proxy = await forwardProxy();
    cleanup.push(() => proxy.close());
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = 'example.com,127.0.0.1';
    delete process.env.no_proxy;
    const { http } = client(server.url);
    await http.send(read());
    expect(proxy.tunnels).toEqual([]);
    expect(server.hits).toHaveLength(1);
  });
});

describe('network settings from the environment', () => {
  it('RTD_ACTION_HTTP_TIMEOUT_MS: a positive whole number of ms, else the default', () => {
    expect(httpTimeoutFromEnv({ RTD_ACTION_HTTP_TIMEOUT_MS: '500' })).toBe(500);
    for (const raw of [undefined, '', ' ', '0', '-5', '1.5', 'soon', '1e400']) {
      expect(httpTimeoutFromEnv({ RTD_ACTION_HTTP_TIMEOUT_MS: raw })).toBeUndefined();
    }
  });

  it('finds the passwords in proxy URLs, as written and decoded, and nothing else', () => {
    expect(proxyCredentials({ HTTPS_PROXY: 'http://runner:p%40ss-word@proxy.internal:3128' })).toEqual(['p%40ss-word', 'p@ss-word']);
    expect(proxyCredentials({ http_proxy: 'http://proxy.internal:3128', HTTP_PROXY: 'not a url' })).toEqual([]);
  });
});

describe('retryLine', () => {
  it('says what failed and when the next attempt goes, on one line', () => {
    expect(retryLine('GET /projects/x/', new Error('ENOTFOUND: getaddrinfo ENOTFOUND app.readthedocs.org'), 2, 6, 4000)).toBe(
      'Read the Docs did not answer (ENOTFOUND) for GET /projects/x/; attempt 2 of 6 in 4s',
    );
    expect(retryLine('GET /projects/x/', new Error('503 (text/html body)'), 3, 6, 12_000)).toBe(
      'Read the Docs answered 503 for GET /projects/x/; attempt 3 of 6 in 12s',
    );
    expect(retryLine('GET /projects/x/', new Error('429 Request was throttled.'), 2, 6, 30_000)).toBe(
      'Read the Docs asked to slow down (429) for GET /projects/x/; attempt 2 of 6 in 30s',
    );
    expect(retryLine('GET /x/', new Error('ECONNRESET\n::error::forged'), 2, 6, 100)).not.toContain('\n');
  });
});
