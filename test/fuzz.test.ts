// Property-based tests: any input text and any answer from the network end in a correct result or
// a clear, named error, never an unhandled exception or a stack trace in what the user reads. The
// whole step meeting garbage runs in-process: test/operations/garbage.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { INPUT_DEFAULTS, InputError, parseInputs, type RawInputs } from '../src/inputs/inputs.js';
import { ReadTheDocsError } from '../src/readthedocs/errors.js';
import { ReadTheDocsHttpClient, retryAfter } from '../src/readthedocs/http-client.js';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { BuildSchema, TriggerSchema, describeErrorBody, paginated } from '../src/readthedocs/schemas.js';
import { scriptedServer, type ScriptedServer } from './support/scripted-server.ts';
import { anyText } from './support/arbitraries.ts';

const NAMES = Object.keys(INPUT_DEFAULTS) as (keyof RawInputs)[];
const STACK_LINE = /\n\s+at /;

describe('inputs', () => {
  /** Text near what users write, and anything at all. */
  const inputText = fc.oneof(
    anyText({ maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      'true',
      'false',
      'TRUE',
      '0',
      '-1',
      '1e9',
      '60/1m',
      '5/0s',
      '0/1m',
      '30m',
      '1h30m',
      '200ms',
      'auto',
      'https://app.readthedocs.org',
      'http://127.0.0.1:1',
      'https://user:pw@x.org',
      'demo',
      'demo, other',
      'a'.repeat(40),
      'Ñandú',
      '\n',
      '\u0000',
    ),
    fc.stringMatching(/^[0-9a-z./:_ -]{0,30}$/),
  );

  it('any text in all inputs at once: typed values that hold their promises, or an InputError naming each input', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...NAMES), inputText, { maxKeys: NAMES.length }), (raw) => {
        let inputs: ReturnType<typeof parseInputs>;
        try {
          inputs = parseInputs(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
          const problems = (error as InputError).problems;
          expect(problems.length).toBeGreaterThan(0);
          for (const problem of problems) expect(problem).toMatch(new RegExp(`^Input \`(${NAMES.join('|')})\`: .+`));
          expect((error as Error).message).not.toMatch(STACK_LINE);
          return;
        }
        expect(inputs.projects.length).toBeGreaterThan(0);
        expect(inputs.timeoutMs).toBeGreaterThan(0);
        expect(Number.isSafeInteger(inputs.rateLimit.limit) && inputs.rateLimit.limit >= 1).toBe(true);
        expect(inputs.rateLimit.windowMs).toBeGreaterThanOrEqual(1000);
        expect(inputs.pollInterval === 'auto' || inputs.pollInterval >= 100).toBe(true);
        const base = new URL(inputs.baseUrl);
        expect(
          base.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname) || /^127\./.test(base.hostname),
        ).toBe(true);
        expect(base.username + base.password).toBe('');
      }),
      { numRuns: 1500 },
    );
  });
});

describe('what the service may answer', () => {
  it('describeErrorBody says something or nothing for any JSON, and never throws', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const text = describeErrorBody(body);
        expect(text === undefined || typeof text === 'string').toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('retryAfter gives a finite, non-negative wait for any header and message', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: undefined }), fc.option(fc.string(), { nil: undefined }), (header, detail) => {
        const ms = retryAfter(header, detail);
        expect(Number.isFinite(ms)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('the schemas accept or refuse anything without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        for (const schema of [BuildSchema, paginated(BuildSchema), TriggerSchema])
          expect(typeof schema.safeParse(body).success).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  describe('the client, over a real connection', () => {
    interface Answer {
      status: number;
      contentType: string | undefined;
      headers: Record<string, string>;
      body: string;
    }
    let answer: Answer;
    let server: ScriptedServer;
    beforeAll(async () => {
      server = await scriptedServer([
        (_req, res) => {
          res.writeHead(answer.status, { ...(answer.contentType ? { 'content-type': answer.contentType } : {}), ...answer.headers });
          res.end(answer.body);
        },
      ]);
    });
    afterAll(() => server.close());

    const printable = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
    const build = fc.record(
      {
        id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)),
        project: fc.oneof(fc.constant('demo'), fc.integer()),
        version: fc.constant('latest'),
        state: fc.oneof(fc.record({ code: fc.constantFrom('triggered', 'building', 'finished', 'weird') }), fc.string()),
        success: fc.constantFrom(null, true, false, 'yes'),
        commit: fc.constantFrom(null, 'a'.repeat(40), 7),
        created: fc.constantFrom(null, '2026-11-22T00:00:00Z'),
        duration: fc.constantFrom(null, 12, '12'),
        urls: fc.oneof(fc.record({ build: fc.constant('https://x/builds/1/') }), fc.constant(null)),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      anyText({ maxLength: 200 }),
      fc.json(),
      build.map((value) => JSON.stringify(value)),
      fc.array(build, { maxLength: 3 }).map((results) => JSON.stringify({ count: results.length, next: null, previous: null, results })),
      build.map((value) => JSON.stringify({ triggered: true, build: value })),
      build.map((value) => JSON.stringify(value).slice(0, 20)),
      fc.constant('<html><body><h1>Bad Gateway</h1></body></html>'),
    );
    const answers = fc.record({
      status: fc.oneof(
        fc.constantFrom(200, 202, 204, 301, 302, 400, 401, 403, 404, 405, 429, 500, 502, 503, 504),
        fc.integer({ min: 200, max: 599 }),
      ),
      contentType: fc.constantFrom(
        undefined,
        'application/json',
        'text/html; charset=utf-8',
        'text/plain',
        'application/json; charset=utf-8',
      ),
      headers: fc.record(
        {
          location: fc.oneof(printable, fc.constantFrom('http://[', 'https://other.example/x', '//evil.example/', '/api/v3/build/')),
          'retry-after': printable,
        },
        { requiredKeys: [] },
      ),
      body,
    });
    const schemas: Record<string, z.ZodMiniType> = { build: BuildSchema, builds: paginated(BuildSchema), trigger: TriggerSchema };

    it('any status, headers and body: parsed data or a named ReadTheDocsError with a message and no stack trace', async () => {
      await fc.assert(
        fc.asyncProperty(
          answers,
          fc.constantFrom(...Object.keys(schemas)),
          fc.constantFrom('read' as const, 'write' as const),
          async (given, name, kind) => {
            answer = given;
            const schema = schemas[name]!;
            const http = new ReadTheDocsHttpClient({
              baseUrl: server.url,
              token: 'fuzz-token-123456',
              userAgent: 'fuzz',
              budget: new RateBudget(100_000, 60_000),
              signal: new AbortController().signal,
              redact: (text) => text,
              maxAttempts: 1,
              backoffBaseMs: 1,
              remainingMs: () => 60_000,
            });
            try {
              const { data } = await http.send({
                method: kind === 'read' ? 'GET' : 'POST',
                path: `/api/v3/${name}/`,
                schema,
                endpoint: `${kind} ${name}`,
                kind,
              });
              expect(schema.safeParse(data).success).toBe(true);
            } catch (error) {
              expect(error).toBeInstanceOf(ReadTheDocsError);
              const failure = error as ReadTheDocsError;
              expect(failure.name).not.toBe('Error');
              expect(failure.title.length).toBeGreaterThan(0);
              expect(failure.message).toMatch(/^(read|write) \w+: .+/);
              expect(failure.message).not.toMatch(STACK_LINE);
            } finally {
              await http.close();
            }
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});
