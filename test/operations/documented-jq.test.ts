// Every `jq` filter of README.md and docs/ run on the real output it reads (issue 41): the operation
// the example's step runs, in-process against the stand-ins as step.ts runs it, its output as the
// runner reads it; each filter gives values, none null (a `.details.status` that the JSON does not
// have would print `null`). The filters are evaluated by test/support/jq-subset.ts (CI has no jq),
// and by the real `jq` too when one is on PATH: it must give the subset's values.
// The description of `results` (docs/build.md, linked from the README) is held to the same real JSON.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { OPERATIONS, type Operation } from '../../src/inputs/operations.ts';
import { evaluateJq } from '../support/jq-subset.ts';
import { docFiles, readDoc, yamlBlocks } from '../support/markdown-docs.ts';
import { FakeClock, T0 } from '../support/operation-context.ts';
import { captureStdout, runStep } from './context.ts';
import { runOfEvent } from './preview-context.ts';

const SHA = 'c'.repeat(40);
captureStdout();

/** A documented filter, and what it reads: an output of an operation. */
interface DocumentedFilter {
  where: string;
  filter: string;
  operation: string;
  output: string;
}

/** The operation of the step `id` in a workflow fragment (`build` when it does not say, or the block does not show the step). */
function operationOfStep(block: string, id: string | undefined): string {
  if (id === undefined) return 'build';
  const at = block.search(new RegExp(`\\n\\s*id: ${id}\\s*\\n`));
  if (at < 0) return 'build';
  const step = block.slice(at).split(/\n\s*- /)[0]!;
  return /\n\s*operation: ([a-z-]+)/.exec(step)?.[1] ?? 'build';
}

/** Each `jq` filter of the docs, with the operation and output it reads: from the workflow's `env:` or the command line. */
function documentedFilters(): DocumentedFilter[] {
  const found: DocumentedFilter[] = [];
  for (const file of docFiles()) {
    const text = readDoc(file);
    const blocks = yamlBlocks(text, file);
    text.split('\n').forEach((line, index) => {
      const filter = /\bjq (?:-r )?'([^']*)'/.exec(line)?.[1];
      if (filter === undefined) return;
      const where = `${file}:${index + 1}`;
      const command = /cli\.js ([a-z-]+) .*--json/.exec(line);
      if (command) {
        found.push({ where, filter, operation: command[1]!, output: 'results' });
        return;
      }
      const variable = /"\$([A-Z_]+)"\s*\|\s*jq/.exec(line)?.[1];
      const block = blocks.find(
        (candidate) => candidate.line <= index + 1 && index + 1 < candidate.line + candidate.text.split('\n').length,
      );
      const source =
        variable && block ? new RegExp(`${variable}: \\$\\{\\{ steps\\.([\\w-]+)\\.outputs\\.([\\w-]+) \\}\\}`).exec(block.text) : null;
      if (!source || !block) throw new Error(`${where}: a jq filter whose input this test cannot tell: read an output through \`env:\``);
      found.push({ where, filter, operation: operationOfStep(`\n${block.text}`, source[1]), output: source[2]! });
    });
  }
  return found;
}

/** The outputs of one run of each operation the docs' filters read, made once. */
const outputsOf = new Map<string, Promise<Record<string, string>>>();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function clockedStandin(clock: FakeClock): Promise<Standin> {
  const standin = await startStandin({ now: clock.now, rateLimit: null });
  standin.addProject({ slug: 'demo', name: 'Demo Docs' });
  closers.push(() => standin.close());
  return standin;
}

/** Each operation the docs read the output of, run once as a workflow would: a green run. */
const RUNS: Partial<Record<Operation, () => Promise<Record<string, string>>>> = {
  async build() {
    const clock = new FakeClock();
    const standin = await clockedStandin(clock);
    standin.onTrigger('demo', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA });
    return (await runStep(standin, { operation: 'build', project: 'demo', 'poll-interval': '2s' }, { clock })).outputs;
  },
  async wait() {
    const clock = new FakeClock();
    const standin = await clockedStandin(clock);
    clock.at(T0 + 2000, () => standin.addBuild('demo', 'latest', { durationMs: 20_000, outcome: 'success', commit: SHA }));
    return (await runStep(standin, { operation: 'wait', project: 'demo', commit: SHA }, { clock })).outputs;
  },
  async env() {
    const clock = new FakeClock();
    const standin = await clockedStandin(clock);
    standin.addEnvVar('demo', { name: 'API_KEY', value: 'old-api-key' });
    const inputs = { operation: 'env', project: 'demo', variables: 'API_KEY=new-api-key-0123', 'public-variables': 'THEME=light' };
    return (await runStep(standin, inputs, { clock })).outputs;
  },
  async 'merge-queue'() {
    const clock = new FakeClock();
    const standin = await clockedStandin(clock);
    const token = 'ghs_documented_jq_token_0123456789';
    const gh = await startGitHubStandin({ token });
    closers.push(() => gh.close());
    const base = 'b'.repeat(40);
    gh.addPullRequest({ number: 42, headSha: 'd'.repeat(40) });
    standin.addQueueBranch('demo', `gh-readonly-queue/main/pr-42-${base}`, SHA, 2000);
    const run = runOfEvent(gh, gh.addMergeGroup({ pr: 42, headSha: SHA, baseSha: base }));
    const inputs = { operation: 'merge-queue', project: 'demo', 'github-token': token, 'poll-interval': '2s' };
    return (await runStep(standin, inputs, { clock, run })).outputs;
  },
};

function outputs(operation: string): Promise<Record<string, string>> {
  const run = RUNS[operation as Operation];
  if (run === undefined) throw new Error(`no run of \`${operation}\` here: add one to RUNS`);
  if (!outputsOf.has(operation)) outputsOf.set(operation, run());
  return outputsOf.get(operation)!;
}

/** Whether a real `jq` is on PATH (`jq --version` answers). */
const HAS_JQ = spawnSync('jq', ['--version'], { encoding: 'utf8' }).status === 0;

/** The values the real `jq` prints for `filter` on `input`, one compact JSON per line. */
function realJq(filter: string, input: string): unknown[] {
  const run = spawnSync('jq', ['-c', filter], { input, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`jq '${filter}' exited ${run.status}: ${run.stderr.trim()}`);
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

describe('the documented jq filters, on real outputs (issue 41)', () => {
  const filters = documentedFilters();

  it('are found, each with the operation and output it reads', () => {
    expect(filters.length).toBeGreaterThanOrEqual(4);
    for (const { where, operation } of filters) expect(OPERATIONS, where).toContain(operation);
  });

  for (const { where, filter, operation, output } of filters) {
    it(`${where}: \`${filter}\` on ${operation}'s \`${output}\` gives values, none null`, async () => {
      const text = (await outputs(operation))[output];
      expect(text, `${operation} sets no output \`${output}\``).toBeTruthy();
      const { values, interpolated } = evaluateJq(filter, JSON.parse(text!));
      expect(values.length, where).toBeGreaterThan(0);
      expect(values.filter((value) => value === null).length, `${where}: null values`).toBe(0);
      expect(interpolated.filter((value) => value === null).length, `${where}: \`null\` printed inside a string`).toBe(0);
    });

    const real = HAS_JQ ? "the real jq gives the subset's values" : 'skipped: no jq on PATH, the subset above is the only evaluation';
    it.skipIf(!HAS_JQ)(`${where}: ${real}`, async () => {
      const text = (await outputs(operation))[output]!;
      const values = realJq(filter, text);
      expect(values.length, where).toBeGreaterThan(0);
      expect(values, where).toEqual(evaluateJq(filter, JSON.parse(text)).values);
    });
  }

  it("docs/build.md names every field of a project's entry of `results`, as the action writes them; the README links it", async () => {
    const [result] = JSON.parse((await outputs('build')).results!) as Record<string, unknown>[];
    expect(readDoc('README.md')).toContain('](docs/build.md#outputs)');
    const page = readDoc('docs/build.md');
    const sentence = /Each object in `results` has ([^.]*?)\s*\(`null` when/.exec(page.replace(/\s+/g, ' '))?.[1];
    expect(sentence, 'docs/build.md: "Each object in `results` has … (`null` when …"').toBeDefined();
    const named = [...sentence!.replace(/\([^)]*\)/g, '').matchAll(/`([A-Za-z]+)`/g)].map((match) => match[1]);
    expect(named.sort()).toEqual(Object.keys(result!).sort());
  });
});
