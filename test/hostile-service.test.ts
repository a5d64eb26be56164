// Answers of a hostile or broken service: endless bodies, `next` links to other hosts, lists cut
// at the page bound. Over real loopback connections.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadTheDocsError } from '../src/readthedocs/errors.js';
import { type HttpClientOptions, ReadTheDocsHttpClient } from '../src/readthedocs/http-client.js';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { ReadTheDocsApi } from '../src/readthedocs/read-the-docs.js';
import { readBoundedText, BodyTooLargeError } from '../src/util/bounded-body.js';
import { answers, scriptedServer, type Script, type ScriptedServer } from './support/scripted-server.ts';

/** A GitHub repository client's step limits that never end a call (these tests bound the answers, not the time). */
const UNLIMITED = { signal: new AbortController().signal };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()!();
});

async function serve(...scripts: Script[]): Promise<ScriptedServer> {
  const server = await scriptedServer(scripts);
  cleanup.push(() => server.close());
  return server;
}

function client(baseUrl: string, options: Partial<HttpClientOptions> = {}): ReadTheDocsHttpClient {
  const http = new ReadTheDocsHttpClient({
    baseUrl,
    token: 'rtd_hostile_test_token_0123456789',
    userAgent: 'test',
    budget: new RateBudget(1000, 60_000),
    signal: new AbortController().signal,
    redact: (text) => text,
    backoffBaseMs: 10,
    backoffMaxMs: 20,
    ...options,
  });
  cleanup.push(() => http.close());
  return http;
}

function api(baseUrl: string, maxBodyBytes?: number): ReadTheDocsApi {
  return new ReadTheDocsApi(client(baseUrl, maxBodyBytes === undefined ? {} : { maxBodyBytes }));
}

/** The error reading the variables of `docs` from the service at `baseUrl` fails with: a ReadTheDocsError. */
async function variablesError(baseUrl: string): Promise<ReadTheDocsError> {
  const error = await api(baseUrl)
    .environmentVariables('docs')
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ReadTheDocsError);
  return error as ReadTheDocsError;
}

const variable = (id: number) => ({
  pk: id,
  name: `V${id}`,
  public: false,
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
});

describe('response bodies', () => {
  it('reads at most the cap of an endless body and fails with "response too large" naming the request, once', async () => {
    const server = await serve(answers.endless());
    const before = process.memoryUsage().rss;
    const error = (await api(server.url, 4 * 1024 * 1024)
      .translations('docs')
      .catch((e: unknown) => e)) as ReadTheDocsError;
    expect(error).toBeInstanceOf(ReadTheDocsError);
    expect(error.message).toBe('GET projects/{project}/translations/: response too large (over 4 MB); not read further');
    expect(error.title).toBe('Unexpected response from Read the Docs');
    expect(server.hits).toHaveLength(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('reads a body up to the cap whole', async () => {
    async function* chunks() {
      yield new TextEncoder().encode('ab');
      yield 'cd';
    }
    expect(await readBoundedText(chunks(), 4)).toBe('abcd');
    await expect(readBoundedText(chunks(), 3)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});

describe('what a step reads in all', () => {
  /** A page of one variable whose name is `size` bytes, and a `next` link to the same list, without end. */
  const endlessPagesOfNames = (size: number): Script => {
    let page = 0;
    return (_req, res) => {
      page += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          count: 1_000_000,
          next: `/api/v3/projects/docs/environmentvariables/?limit=100&offset=${page * 100}`,
          previous: null,
          results: [{ ...variable(page), name: 'N'.repeat(size) }],
        }),
      );
    };
  };

  it('a list reads at most 32 MB, its pages together: endless pages of 8 MB names end with a clear error', async () => {
    const server = await serve(endlessPagesOfNames(8 * 1024 * 1024));
    const error = await variablesError(server.url);
    expect(error.title).toBe('Unexpected response from Read the Docs');
    expect(error.message).toBe(
      'GET projects/{project}/environmentvariables/: the list is over 32 MB, its pages together (page 4 was not read to its end); not read further',
    );
    expect(server.hits).toHaveLength(4);
  });

  it('a step reads at most its bound from the service in all, and sends nothing once it is reached', async () => {
    const server = await serve(answers.json(200, { padding: 'x'.repeat(300 * 1024) }));
    const http = client(server.url, { maxStepBytes: 1024 * 1024 });
    const read = () => http.send({ method: 'GET', path: '/api/v3/x/', endpoint: 'GET x/', kind: 'read' });
    for (let i = 0; i < 3; i++) await read();
    for (let i = 0; i < 2; i++) {
      const error = (await read().catch((e: unknown) => e)) as ReadTheDocsError;
      expect(error).toBeInstanceOf(ReadTheDocsError);
      expect(error.message).toBe('GET x/: the step has read 1 MB from Read the Docs, as much as one step may; not read further');
    }
    expect(server.hits).toHaveLength(4);
  });
});

describe('the shape of an answer', () => {
  it('an answer of millions of empty objects is not parsed: each would take tens of bytes of memory for its 3 bytes', async () => {
    const server = await serve(
      answers.text(200, `{"count":1,"next":null,"previous":null,"results":[${'{},'.repeat(2_000_000)}{}]}`, 'application/json'),
    );
    const error = await variablesError(server.url);
    expect(error.title).toBe('Unexpected response from Read the Docs');
    expect(error.message).toBe(
      'GET projects/{project}/environmentvariables/: unexpected response: over 1,000,000 objects, lists and values in one answer; not parsed',
    );
    expect(server.hits).toHaveLength(1);
  });

  it('an error body of millions of empty objects is not parsed either, nor asked for again', async () => {
    const server = await serve(answers.text(500, `[${'{},'.repeat(2_000_000)}{}]`, 'application/json'));
    const error = (await client(server.url)
      .send({ method: 'GET', path: '/api/v3/x/', endpoint: 'GET x/', kind: 'read' })
      .catch((e: unknown) => e)) as ReadTheDocsError;
    expect(error).toBeInstanceOf(ReadTheDocsError);
    expect(error.title).toBe('Unexpected response from Read the Docs');
    expect(error.message).toBe('GET x/: unexpected response: over 1,000,000 objects, lists and values in one answer; not parsed');
    expect(server.hits).toHaveLength(1);
  });

  it('braces, brackets and commas inside strings are not nodes: a long string of them is read', async () => {
    const server = await serve(
      answers.json(200, { count: 1, next: null, previous: null, results: [{ ...variable(1), name: '{[,'.repeat(1_000_000) }] }),
    );
    const http = client(server.url);
    const answer = await http.send({ method: 'GET', path: '/api/v3/x/', endpoint: 'GET x/', kind: 'read' });
    expect(answer.status).toBe(200);
    expect(answer.nodes).toBeLessThan(20);
  });

  it('a list holds at most 2,000,000 nodes, its pages together: endless pages of 800,000 values end with a clear error', async () => {
    // Numbers, quick to parse, in a field the schema drops: each page is under the bound of one answer.
    const page = `[],"padding":[${'0,'.repeat(799_999)}0]`;
    let offset = 0;
    const server = await serve((_req, res) => {
      offset += 100;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        `{"count":1000000,"next":"/api/v3/projects/docs/environmentvariables/?limit=100&offset=${offset}","previous":null,"results":${page}}`,
      );
    });
    const error = await variablesError(server.url);
    expect(error.title).toBe('Unexpected response from Read the Docs');
    expect(error.message).toBe(
      'GET projects/{project}/environmentvariables/: unexpected response: the list holds over 2,000,000 objects, lists and values, its pages together (page 3 was not parsed); not read further',
    );
    expect(server.hits).toHaveLength(3);
  });

  it('a page of items the action cannot use says so in a few debug lines, not one per item', async () => {
    const server = await serve(
      answers.json(200, { count: 1, next: null, previous: null, results: [...Array.from({ length: 5000 }, () => ({})), variable(1)] }),
    );
    // The step's debug log: the client's `debug`, which step.ts points at the runner's port.
    const lines: string[] = [];
    const debugged = new ReadTheDocsApi(client(server.url, { debug: (message) => lines.push(message) }));
    expect((await debugged.environmentVariables('docs')).map((v) => v.pk)).toEqual([1]);
    const skipped = lines.filter((line) => line.includes('skipped'));
    expect(skipped.length).toBeLessThanOrEqual(11);
    expect(skipped.at(-1)).toContain('and 4,990 more items skipped');
  });
});

describe('strings from the service', () => {
  it('a name, slug or URL longer than any the service makes is refused, naming the field', async () => {
    const project = { id: 1, slug: 'docs', name: 'Docs', language: { code: 'en' } };
    const server = await serve(
      answers.json(200, { ...project, slug: 'd'.repeat(5000) }),
      answers.json(200, { ...project, urls: { documentation: `https://docs.example/${'x'.repeat(5000)}` } }),
      answers.json(200, project),
    );
    for (const field of ['slug', 'urls.documentation']) {
      const error = (await api(server.url)
        .project('docs')
        .catch((e: unknown) => e)) as ReadTheDocsError;
      expect(error.message).toBe(
        `GET projects/{project}/: unexpected response: field \`${field}\` is longer than 2,000 characters, more than the service makes`,
      );
    }
    expect((await api(server.url).project('docs')).slug).toBe('docs');
  });

  it("a list item with an over-long name is left out, and the list's other items are kept", async () => {
    const server = await serve(
      answers.json(200, { count: 2, next: null, previous: null, results: [{ ...variable(1), name: 'N'.repeat(5000) }, variable(2)] }),
    );
    expect((await api(server.url).environmentVariables('docs')).map((v) => v.name)).toEqual(['V2']);
  });
});

describe('`next` links', () => {
  it('never follows one to another host, also not through a `//host` path', async () => {
    const foreign = await serve(answers.json(200, { count: 1, next: null, previous: null, results: [variable(99)] }));
    const foreignHost = new URL(foreign.url).host;
    const home = await serve(
      answers.json(200, {
        count: 2,
        next: `http://elsewhere.example//${foreignHost}/api/v3/x/?page=2`,
        previous: null,
        results: [variable(1)],
      }),
    );
    const error = await variablesError(home.url);
    expect(error.message).toContain('the `next` link of page 1 leads away from the list (another host or path); not followed');
    expect(foreign.hits).toHaveLength(0);
    expect(home.hits).toHaveLength(1);
  });

  it('never follows one that names another host, not even re-pointed to the configured one', async () => {
    const home = await serve(
      answers.json(200, {
        count: 2,
        next: 'https://readthedocs.example/api/v3/projects/docs/environmentvariables/?limit=1&offset=1',
        previous: null,
        results: [variable(1)],
      }),
      answers.json(200, { count: 2, next: null, previous: null, results: [variable(2)] }),
    );
    const error = await variablesError(home.url);
    expect(error.title).toBe('Unexpected response from Read the Docs');
    expect(error.message).toBe(
      `GET projects/{project}/environmentvariables/: the \`next\` link of page 1 leads away from the list (another host or path); not followed`,
    );
    expect(home.hits).toHaveLength(1);
  });

  it("never follows one to another list on the same service: another project's variables are not this project's", async () => {
    for (const next of [
      '/api/v3/projects/other/environmentvariables/?limit=100&offset=100',
      '/api/v3/projects/docs/environmentvariables/../../other/environmentvariables/?offset=100',
      '/api/v3/projects/docs/environmentvariables/x/?offset=100',
      '/api/v3/projects/docs/environmentvariables?offset=100',
      '/api/v3/projects/docs/?offset=100',
    ]) {
      const home = await serve(
        answers.json(200, { count: 2, next: `${''}${next}`, previous: null, results: [variable(1)] }),
        answers.json(200, { count: 2, next: null, previous: null, results: [variable(2)] }),
      );
      const error = await variablesError(home.url);
      expect(error.message, next).toContain('leads away from the list');
      expect(home.hits, next).toHaveLength(1);
    }
  });

  it('follows the same list on the same origin, only the query differing, as the service gives it (absolute)', async () => {
    let origin = '';
    const home = await serve(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            count: 2,
            next: `${origin}/api/v3/projects/docs/environmentvariables/?limit=1&offset=1`,
            previous: null,
            results: [variable(1)],
          }),
        );
      },
      answers.json(200, { count: 2, next: null, previous: null, results: [variable(2)] }),
    );
    origin = home.url;
    const variables = await api(home.url).environmentVariables('docs');
    expect(variables.map((v) => v.pk)).toEqual([1, 2]);
    expect(home.hits.map((hit) => hit.url)).toEqual([
      '/api/v3/projects/docs/environmentvariables/?limit=100',
      '/api/v3/projects/docs/environmentvariables/?limit=1&offset=1',
    ]);
  });
});

describe('a list cut at the page bound', () => {
  it('is refused when it must be complete (prune), and returned otherwise', async () => {
    let page = 0;
    const endlessPages: Script = (_req, res) => {
      page += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          count: 999,
          next: `/api/v3/projects/docs/environmentvariables/?page=${page + 1}`,
          previous: null,
          results: [variable(page)],
        }),
      );
    };
    const home = await serve(endlessPages);
    expect(await api(home.url).environmentVariables('docs')).toHaveLength(50);
    const error = (await api(home.url)
      .environmentVariables('docs', { complete: true })
      .catch((e: unknown) => e)) as ReadTheDocsError;
    expect(error).toBeInstanceOf(ReadTheDocsError);
    expect(error.title).toBe('Variables not changed');
    expect(error.message).toContain('the list goes on past 50 pages and was cut there; a cut list cannot decide what `prune` deletes');
  });
});

describe('GitHub answers', () => {
  it('are read with a cap too: an endless body fails the call with "response too large"', async () => {
    const { getOctokit } = await import('@actions/github');
    const { Agent } = await import('undici');
    const { boundedFetch } = await import('../src/github/api/client.js');
    const { listIssueComments } = await import('../src/github/api/rest.js');
    const server = await serve(answers.endless('[' + '{"id":1},'.repeat(10_000)));
    const agent = new Agent();
    cleanup.push(() => agent.close());
    const octokit = getOctokit('gh-token', {
      baseUrl: server.url,
      request: { fetch: boundedFetch(agent, { origin: server.url, maxBytes: 1024 * 1024 }) },
    });
    const error = (await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('response too large (over 1 MB)');
    expect(server.hits).toHaveLength(1);
  });

  it('are bounded in total too: pages each under the cap end the list once the step has read its share', async () => {
    const { getOctokit } = await import('@actions/github');
    const { Agent } = await import('undici');
    const { boundedFetch } = await import('../src/github/api/client.js');
    const { listIssueComments } = await import('../src/github/api/rest.js');
    // Every page is 300 KB of comments and links to another: endless, each page well under the per-answer cap.
    const page = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, body: 'x'.repeat(3000) })));
    const server = await serve((req, res, hit) =>
      answers.json(200, JSON.parse(page), { link: `<http://${req.headers.host}/repos/o/r/issues/1/comments?page=2>; rel="next"` })(
        req,
        res,
        hit,
      ),
    );
    const agent = new Agent();
    cleanup.push(() => agent.close());
    const octokit = getOctokit('gh-token', {
      baseUrl: server.url,
      request: { fetch: boundedFetch(agent, { origin: server.url, maxBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024 }) },
    });
    const error = (await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain("GitHub's answers in this step passed 1 MB in all; nothing more is read");
    // Three pages fit in 1 MB; the fourth is cut where the total ran out, and nothing is asked for after it.
    expect(server.hits).toHaveLength(4);
  });

  it('are bounded in JSON nodes too: a page of a million `{}` is not parsed, nor asked for again', async () => {
    const { createOctokit } = await import('../src/github/api/client.js');
    const { listIssueComments } = await import('../src/github/api/rest.js');
    const server = await serve(answers.text(200, `[${'{},'.repeat(999_999)}{}]`, 'application/json'));
    const octokit = await createOctokit('gh-token', server.url, 'test', { retryBaseMs: 0 });
    const error = (await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('GET issues/{n}/comments: over 1,000,000 objects, lists and values in one answer; not parsed');
    expect(server.hits).toHaveLength(1);
  });

  it('are bounded in JSON nodes in total: endless pages of 800,000 values end the list, and nothing more is asked for', async () => {
    const { createOctokit } = await import('../src/github/api/client.js');
    const { getPullRequest, listIssueComments } = await import('../src/github/api/rest.js');
    const page = `[${'0,'.repeat(799_999)}0]`;
    const server = await serve((req, res, hit) =>
      answers.text(200, page, 'application/json', { link: `<http://${req.headers.host}/repos/o/r/issues/1/comments?page=2>; rel="next"` })(
        req,
        res,
        hit,
      ),
    );
    const octokit = await createOctokit('gh-token', server.url, 'test', { retryBaseMs: 0 });
    const gh = { octokit, owner: 'o', repo: 'r', limits: UNLIMITED };
    const error = (await listIssueComments(gh, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(
      "GitHub's answers in this step passed 2,000,000 objects, lists and values in all; nothing more is read",
    );
    // Two pages of about 800,000 nodes fit; the third passes the total and is not parsed, and nothing is asked for after it.
    expect(server.hits).toHaveLength(3);
    const next = (await getPullRequest(gh, 1).catch((e: unknown) => e)) as Error;
    expect(next.message).toContain('nothing more is read');
    expect(server.hits).toHaveLength(3);
  });

  it('through the action’s client (plugin-retry on), an answer past the cap is not asked for again', async () => {
    const { createOctokit, MAX_GITHUB_BODY_BYTES } = await import('../src/github/api/client.js');
    const { getPullRequest } = await import('../src/github/api/rest.js');
    const server = await serve(answers.endless('{"number":1,"x":"' + 'x'.repeat(64 * 1024)));
    const octokit = await createOctokit('gh-token', server.url, 'test', { retryBaseMs: 0 });
    const error = (await getPullRequest({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain(`response too large (over ${MAX_GITHUB_BODY_BYTES / 1024 / 1024} MB)`);
    expect(server.hits).toHaveLength(1);
  });

  it('a next-page Link to another origin is not followed: the token goes to the API only', async () => {
    const { createOctokit } = await import('../src/github/api/client.js');
    const { listIssueComments } = await import('../src/github/api/rest.js');
    const elsewhere = await serve(answers.json(200, []));
    const api = await serve(answers.json(200, [{ id: 1 }], { link: `<${elsewhere.url}/repos/o/r/issues/1/comments?page=2>; rel="next"` }));
    const octokit = await createOctokit('gh-token', api.url, 'test', { retryBaseMs: 0 });
    const error = (await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('GET issues/{n}/comments: a link to a page outside the GitHub API was not followed');
    expect(api.hits).toHaveLength(1);
    expect(elsewhere.hits).toHaveLength(0);
  });

  // Octokit expands RFC 6570 templates in a `next` URL after the hooks have seen it: `{+x}` is empty
  // there, so `<{+x}http://elsewhere/…>` passed a check on the link and was requested on the other host.
  for (const template of ['{+x}', '{x}', '{/x}', '{#x}']) {
    it(`a templated next-page Link (\`${template}http://elsewhere/…\`) sends nothing to the other host`, async () => {
      const { createOctokit } = await import('../src/github/api/client.js');
      const { listIssueComments } = await import('../src/github/api/rest.js');
      const elsewhere = await serve(answers.json(200, []));
      const next = `<${template}${elsewhere.url}/repos/o/r/issues/1/comments?page=2>; rel="next"`;
      const api = await serve(answers.json(200, [{ id: 1 }], { link: next }), answers.json(200, [{ id: 2 }]));
      const octokit = await createOctokit('gh-token', api.url, 'test', { retryBaseMs: 0 });
      const listed = await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).then(
        (comments) => comments.map((c) => c.id),
        (e: unknown) => (e as Error).message,
      );
      expect(elsewhere.hits).toHaveLength(0);
      if (template === '{+x}' || template === '{x}') {
        // Expanded to `http://elsewhere/…`: refused before sending.
        expect(listed).toBe('GET issues/{n}/comments: a link to a page outside the GitHub API was not followed');
        expect(api.hits).toHaveLength(1);
      } else {
        // Expanded to a path (`/http:/…`, `#http:/…`): asked of the API itself, with its answer.
        expect(listed).toEqual([1, 2]);
        expect(api.hits).toHaveLength(2);
      }
    });
  }

  it('a redirect to another host is not followed, on a call that is not paginated: nothing reaches it', async () => {
    const { createOctokit } = await import('../src/github/api/client.js');
    const { getPullRequest } = await import('../src/github/api/rest.js');
    const elsewhere = await serve(answers.json(200, { number: 1, head: { sha: 'a'.repeat(40) } }));
    const api = await serve(answers.text(307, '', undefined, { location: `${elsewhere.url}/repos/o/r/pulls/1` }));
    const octokit = await createOctokit('gh-token', api.url, 'test', { retryBaseMs: 0 });
    const error = (await getPullRequest({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^GET pulls\/\{n\}: .*not followed/);
    expect(elsewhere.hits).toHaveLength(0);
    // Refused, not retried: plugin-retry would send a 5xx-like failure again.
    expect(api.hits).toHaveLength(1);
  });

  it('a redirect on the API origin (a renamed repository) is followed, with the token', async () => {
    const { createOctokit } = await import('../src/github/api/client.js');
    const { getPullRequest } = await import('../src/github/api/rest.js');
    const pull = { number: 1, head: { sha: 'a'.repeat(40) }, base: { repo: { full_name: 'o/r' } } };
    const api = await serve(
      (_req, res) => {
        res.writeHead(301, { location: '/repositories/42/pulls/1' });
        res.end();
      },
      answers.json(200, pull),
    );
    const octokit = await createOctokit('gh-token', api.url, 'test', { retryBaseMs: 0 });
    expect((await getPullRequest({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1)).number).toBe(1);
    expect(api.hits.map((hit) => [hit.url, hit.headers.authorization])).toEqual([
      ['/repos/o/r/pulls/1', 'token gh-token'],
      ['/repositories/42/pulls/1', 'token gh-token'],
    ]);
  });

  it("Octokit's deprecation warning (header text) never reaches stderr raw: it goes to the log given, neutralised", async () => {
    const { createOctokit } = await import('../src/github/api/client.js');
    const { listIssueComments } = await import('../src/github/api/rest.js');
    const hostile = {
      deprecation: 'true',
      sunset: '##[add-mask]ghs_secret ##[set-output name=x]y',
      link: '<https://example.com/##[error]forged>; rel="deprecation"',
    };
    const api = await serve(answers.json(200, [{ id: 1 }], hostile));
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void written.push(args.join(' ')));
    const logged: string[] = [];
    try {
      const octokit = await createOctokit('gh-token', api.url, 'test', { retryBaseMs: 0, log: (message) => logged.push(message) });
      expect((await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1)).map((c) => c.id)).toEqual([1]);
    } finally {
      write.mockRestore();
      warn.mockRestore();
    }
    expect(written).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('is deprecated');
    expect(logged[0]).not.toContain('##[');
  });

  it('pass through the bounded fetch unchanged when small', async () => {
    const { getOctokit } = await import('@actions/github');
    const { Agent } = await import('undici');
    const { boundedFetch } = await import('../src/github/api/client.js');
    const { listIssueComments } = await import('../src/github/api/rest.js');
    const server = await serve(answers.json(200, [{ id: 5, body: 'hi', user: { login: 'a', type: 'User' } }]));
    const agent = new Agent();
    cleanup.push(() => agent.close());
    const octokit = getOctokit('gh-token', {
      baseUrl: server.url,
      request: { fetch: boundedFetch(agent, { origin: server.url, maxBytes: 1024 * 1024 }) },
    });
    expect((await listIssueComments({ octokit, owner: 'o', repo: 'r', limits: UNLIMITED }, 1)).map((c) => c.id)).toEqual([5]);
  });
});
