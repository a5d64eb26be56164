// docs/resilience-and-rate-limits.md states both retry policies side by side, in one table. This keeps
// its figures true: the Read the Docs column against what the client does with its defaults (a service
// that keeps answering 503, the waits recorded on a fake sleep, jitter pinned to its ceiling) and its
// constants, the GitHub column against the Octokit client's constants. Changing a figure in the code
// without the page (or the page without the code) fails here, naming the row.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_RATE_LIMIT_RETRIES,
  MAX_RATE_LIMIT_WAIT_S,
  REQUEST_TIMEOUT_MS as GITHUB_TIMEOUT_MS,
  RETRY_BASE_MS,
  TRANSIENT_RETRIES,
} from '../src/github/api/client.js';
import { LOST_TRIGGER_CHECK_INTERVAL_MS, LOST_TRIGGER_CHECKS, MAX_TRIGGER_ATTEMPTS } from '../src/operations/shared/builds/trigger.js';
import { UnavailableError } from '../src/readthedocs/errors.js';
import { ANSWER_TIMEOUT_MS, retryAfter, ReadTheDocsHttpClient } from '../src/readthedocs/http-client.js';
import { RateBudget } from '../src/readthedocs/rate-budget.js';
import { readDoc } from './support/markdown-docs.ts';
import { answers, scriptedServer } from './support/scripted-server.ts';

const PAGE = 'docs/resilience-and-rate-limits.md';

/** The side-by-side table: each row's label to its Read the Docs and GitHub cells. */
function policyTable(markdown: string): Map<string, { rtd: string; github: string }> {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*\|\s*Read the Docs\s*\|\s*GitHub\s*\|$/.test(line));
  expect(header, `${PAGE} has a table headed "| | Read the Docs | GitHub |"`).toBeGreaterThan(-1);
  const rows = new Map<string, { rtd: string; github: string }>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [label, rtd, github] = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    rows.set(label!, { rtd: rtd!, github: github! });
  }
  return rows;
}

const seconds = (ms: number) => `${ms / 1000} s`;
const times = (n: number) => ['never', 'once', 'twice'][n] ?? `${n} times`;

/** What the Read the Docs client does with its defaults against a service that keeps answering 503. */
async function readTheDocsRetries(): Promise<{ attempts: number; waits: number[] }> {
  const server = await scriptedServer([answers.text(503, 'down', 'text/plain')]);
  const waits: number[] = [];
  // Jitter draws between half the ceiling and all of it: pinned to the ceiling, the waits are the ceilings.
  vi.spyOn(Math, 'random').mockReturnValue(1);
  const http = new ReadTheDocsHttpClient({
    baseUrl: server.url,
    token: undefined,
    userAgent: 'test',
    budget: new RateBudget(1000, 60_000),
    signal: new AbortController().signal,
    redact: (text) => text,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  try {
    const error = await http
      .send({ method: 'GET', path: '/api/v3/x/', endpoint: 'GET x/', kind: 'read' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnavailableError);
    return { attempts: server.hits.length, waits };
  } finally {
    await http.close();
    await server.close();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe(`${PAGE}: the two retry policies`, () => {
  const table = policyTable(readDoc(PAGE));
  const row = (label: string) => {
    const found = table.get(label);
    expect(found, `the row "${label}"`).toBeDefined();
    return found!;
  };

  it('Read the Docs: the tries and the waits between them are what the client does', async () => {
    const { attempts, waits } = await readTheDocsRetries();
    expect(row('Tries in all').rtd).toBe(String(attempts));
    const figures = waits.map((ms) => ms / 1000);
    expect(row('Waits between tries').rtd).toContain(`up to ${figures.slice(0, -1).join(', ')}, then ${figures.at(-1)} s`);
  });

  it('Read the Docs: no answer, throttling, lost writes', () => {
    expect(row('Retried after').rtd).toContain(`no answer within ${seconds(ANSWER_TIMEOUT_MS)}`);
    expect(row('Asked to slow down').rtd).toContain(`else ${seconds(retryAfter(undefined, undefined))}`);
    const budget = new RateBudget(100, 60_000);
    budget.throttled(0);
    expect(budget.currentLimit, 'a 429 shrinks the budget by a fifth').toBe(80);
    expect(row('Asked to slow down').rtd).toContain('shrinks by a fifth');
    expect(row('Writes').rtd).toContain(
      `a build ${LOST_TRIGGER_CHECKS} times, ${seconds(LOST_TRIGGER_CHECK_INTERVAL_MS)} apart, and a build triggered at most ${MAX_TRIGGER_ATTEMPTS} times`,
    );
  });

  it('GitHub: plugin-retry and plugin-throttling as the client sets them up', () => {
    expect(row('Retried after').github).toContain(`no answer within ${seconds(GITHUB_TIMEOUT_MS)}`);
    expect(row('Tries in all').github).toBe(`${TRANSIENT_RETRIES + 1} (${TRANSIENT_RETRIES} retries)`);
    // plugin-retry waits (retry number)² × its base before each retry.
    const waits = Array.from({ length: TRANSIENT_RETRIES }, (_, index) => seconds((index + 1) ** 2 * RETRY_BASE_MS));
    expect(row('Waits between tries').github).toBe(`${waits.slice(0, -1).join(', ')}, then ${waits.at(-1)}`);
    expect(row('Asked to slow down').github).toContain(
      `at most ${times(MAX_RATE_LIMIT_RETRIES)}, and only when the wait is ${MAX_RATE_LIMIT_WAIT_S} s or less`,
    );
  });

  it('the prose around the table says the same', () => {
    const page = readDoc(PAGE);
    expect(page).toContain(`for at most ${row('Tries in all').rtd} tries`);
    expect(page).toContain(`no answer within ${seconds(ANSWER_TIMEOUT_MS)}`);
    expect(page).toContain(`no answer within ${seconds(GITHUB_TIMEOUT_MS)}, or a 5xx, ${times(TRANSIENT_RETRIES)} at most`);
    expect(page).toContain(`at most ${times(MAX_RATE_LIMIT_RETRIES)}, and only when that`);
    expect(page).toContain(`GitHub's rate limit: at most ${MAX_RATE_LIMIT_WAIT_S} s, ${times(MAX_RATE_LIMIT_RETRIES)}`);
  });
});
