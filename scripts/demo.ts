// `npm run demo [-- failure | preview]`: the bundled action end to end, offline. Starts the loopback
// stand-in of Read the Docs with a realistic project, runs dist/index.js exactly as the runner does
// (INPUT_* variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, an event payload), streams its log, then
// shows its outputs and its job summary. No token, no network.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../test/support/action-metadata.ts';
import type { Standin } from '../test/support/rtd-standin.ts';
import {
  DEMO_HEAD_SHA,
  DEMO_PR,
  DEMO_PROJECT,
  DEMO_TOKEN,
  planBuild,
  pullRequestEvent,
  startDemoService,
  startPullRequestBuild,
  type Variant,
} from './demo/scenario.ts';
import { rule, runAndShow, say, showResults, style } from './demo/show.ts';
import { renderMarkdown } from './demo/terminal.ts';

const VARIANTS: Record<string, Variant> = { '': 'success', success: 'success', failure: 'failure', preview: 'preview' };
const GITHUB_STANDIN = join(ROOT, 'test/support/github-standin.ts');

async function main(): Promise<number> {
  const variant = VARIANTS[process.argv[2] ?? ''];
  if (!variant) {
    say(`Unknown demo ${JSON.stringify(process.argv[2])}: use \`npm run demo\`, \`npm run demo -- failure\` or \`npm run demo -- preview\`.`);
    return 2;
  }
  if (!existsSync(join(ROOT, 'dist/index.js'))) {
    say('dist/index.js is missing: run `npm run build` first (or `npm test`, which builds it).');
    return 1;
  }
  if (variant === 'preview') return previewDemo();

  const standin = await startDemoService();
  try {
    planBuild(standin, variant);
    const inputs = { token: DEMO_TOKEN, project: DEMO_PROJECT, version: 'latest', 'base-url': standin.url };
    intro(variant === 'failure' ? 'a build whose Sphinx run fails (warnings treated as errors)' : 'a build gate on push', standin, inputs);
    const run = await runAndShow({ inputs });
    showResults(run);
    if (variant === 'failure') {
      const failedAsExpected = run.code === 1 && run.outputs.success === 'false' && run.outputs.state === 'finished';
      say(
        failedAsExpected
          ? `\nThe action exited ${run.code}: the build failed, so the step is red and the job stops. That is the point of this demo, so the demo itself exits 0.`
          : style.red(`\nUnexpected: the action exited ${run.code} with state ${run.outputs.state || '(none)'}; a failed build was expected.`),
      );
      return failedAsExpected ? 0 : 1;
    }
    say(
      run.code === 0
        ? `\n${style.green('The action exited 0:')} build #${run.outputs['build-id']} finished successfully; the step is green.`
        : style.red(`\nThe action exited ${run.code}: see the log above.`),
    );
    return run.code === 0 ? 0 : 1;
  } finally {
    await standin.close();
  }
}

function intro(what: string, standin: Standin, inputs: Record<string, string>): void {
  say(style.bold(`Read the Docs action demo: ${what}`));
  say(style.dim(`A loopback stand-in of the Read the Docs API is listening at ${standin.url}.`));
  say(style.dim('The step, as a workflow would write it (base-url points at the stand-in; the token is a fake it accepts):'));
  say();
  say('  - uses: readthedocs-action/readthedocs-action@v1');
  say('    with:');
  for (const [name, value] of Object.entries(inputs)) say(`      ${name}: ${name === 'token' ? '${{ secrets.RTD_TOKEN }}' : value.includes('\n') ? `|\n        ${value.split('\n').join('\n        ')}` : value}`);
}

/** The GitHub REST stand-in's start function, whatever the preview work named it. */
type GithubStandin = { url: string; close(): Promise<void> } & Record<string, unknown>;

async function previewDemo(): Promise<number> {
  if (!existsSync(GITHUB_STANDIN)) {
    say(style.bold('Read the Docs action demo: a pull-request preview'));
    say(
      'This variant needs a loopback stand-in of GitHub\'s REST API (test/support/github-standin.ts) for the\n' +
        'PR comment and the commit status, and the `preview` operation; both come with the preview work\n' +
        '(issue #6) and are not in this checkout yet. Try `npm run demo` or `npm run demo -- failure` meanwhile.',
    );
    return 2;
  }
  const module = (await import(pathToFileURL(GITHUB_STANDIN).href)) as Record<string, unknown>;
  const start = Object.entries(module).find(([name, value]) => /^start/i.test(name) && typeof value === 'function')?.[1] as
    | ((options?: unknown) => Promise<GithubStandin>)
    | undefined;
  if (!start) {
    say(`test/support/github-standin.ts exports no start function (found: ${Object.keys(module).join(', ') || 'nothing'}).`);
    return 2;
  }
  const github = await start();
  const standin = await startDemoService();
  try {
    startPullRequestBuild(standin);
    const inputs = {
      project: DEMO_PROJECT,
      operation: 'preview',
      'base-url': standin.url,
      // The real host (acme-docs--42.org.readthedocs.build) is not reachable offline: the stand-in serves the pages.
      'preview-url-template': `${standin.url}/docs/{project}--{version}/{language}/{version}/`,
    };
    intro(`a pull-request preview (PR #${DEMO_PR}, head ${DEMO_HEAD_SHA.slice(0, 7)})`, standin, inputs);
    const run = await runAndShow({ inputs, env: { GITHUB_API_URL: github.url }, event: pullRequestEvent() });
    showResults(run);
    await showPullRequest(github.url);
    say(run.code === 0 ? `\n${style.green('The action exited 0:')} the preview is built, verified and posted.` : style.red(`\nThe action exited ${run.code}: see the log above.`));
    return run.code === 0 ? 0 : 1;
  } finally {
    await standin.close();
    await github.close();
  }
}

/** What the PR shows afterwards, read back through the REST routes the action itself used. */
async function showPullRequest(apiUrl: string): Promise<void> {
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${apiUrl}${path}`, { headers: { accept: 'application/vnd.github+json' } });
    return response.ok ? response.json() : undefined;
  };
  const comments = ((await get(`/repos/octo/docs-repo/issues/${DEMO_PR}/comments`)) ?? []) as { body?: string }[];
  rule(`PR #${DEMO_PR} comment`);
  const comment = comments.find((item) => item.body?.includes('readthedocs-action:preview'));
  say(comment?.body ? renderMarkdown(comment.body, style) : style.dim('(no comment)'));
  const statuses = ((await get(`/repos/octo/docs-repo/commits/${DEMO_HEAD_SHA}/statuses`)) ?? []) as { context?: string; state?: string; target_url?: string }[];
  rule(`Commit status on ${DEMO_HEAD_SHA.slice(0, 7)}`);
  for (const status of statuses) say(`${style.bold(status.context ?? '?')}  ${status.state ?? '?'}  ${status.target_url ?? ''}`);
  if (statuses.length === 0) say(style.dim('(no status)'));
}

function fail(error: unknown): never {
  process.stderr.write(`demo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

main().then((code) => {
  process.exitCode = code;
}, fail);
