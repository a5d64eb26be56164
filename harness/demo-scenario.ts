// The realistic project the demo, the self-test workflow and local trials run against: a Sphinx
// project with a few versions and a history of builds, so predictive polling has durations to use.
import { startStandin, type BuildPlan, type Standin } from './rtd-standin.ts';

/** Not a secret: the loopback stand-in accepts it and nothing else does. */
export const DEMO_TOKEN = 'demo-token-not-a-secret';
export const DEMO_PROJECT = 'acme-docs';
export const DEMO_PR = 42;
export const DEMO_HEAD_SHA = '4f2c9e1b7a3d5f60812c4e9a7b3d1f0e2c5a8b96';
export const BUILT_SHA = '9d1e3c5a7b2f4e6081a3c5e7f9b1d2c4e6a8f0b3';
const HOUR = 3_600_000;

/**
 * How long the demo's and the trial service's builds take: `fallback` unless DEMO_BUILD_MS says
 * otherwise (the end-to-end tests make them short); undefined when it is not a number of
 * milliseconds from 500 to 600000.
 */
export function demoBuildMs(given: string | undefined, fallback: number): number | undefined {
  if (given === undefined || given === '') return fallback;
  const ms = /^\d+$/.test(given) ? Number(given) : Number.NaN;
  return ms >= 500 && ms <= 600_000 ? ms : undefined;
}

export const DEMO_BUILD_MS_REFUSED = 'DEMO_BUILD_MS must be a whole number of milliseconds from 500 to 600000.';

export type Variant = 'success' | 'failure' | 'preview';

/** The Sphinx run of a failing build, as the service records the command and its output. */
export const FAILING_SPHINX = {
  command: 'python -m sphinx -T -W --keep-going -b html -d _build/doctrees -D language=en docs $READTHEDOCS_OUTPUT/html',
  output: [
    'Running Sphinx v8.1.3',
    'loading translations [en]... done',
    'making output directory... done',
    'building [mo]: targets for 0 po files that are out of date',
    'building [html]: targets for 14 source files that are out of date',
    'updating environment: [new config] 14 added, 0 changed, 0 removed',
    'reading sources... [100%] tutorial/install',
    "docs/tutorial/install.rst:27: WARNING: undefined label: 'configuration-options' [ref.ref]",
    "docs/index.rst:12: WARNING: toctree contains reference to nonexisting document 'changelog' [toc.not_readable]",
    'build finished with problems, 2 warnings (with warnings treated as errors).',
  ].join('\n'),
  exit_code: 1,
};

/** A stand-in with the demo project, its versions and a history of builds. */
export async function startDemoService(options: { buildMs?: number } = {}): Promise<Standin> {
  // Loose throttling: the demo shows the action, not the service's limit (the action still
  // paces itself with its own `rate-limit` budget).
  const standin = await startStandin({ tokens: [DEMO_TOKEN], indexDelayMs: 500, rateLimit: { limit: 120, windowMs: 60_000 } });
  standin.addProject({
    slug: DEMO_PROJECT,
    name: 'Acme Docs',
    language: 'en',
    defaultVersion: 'latest',
    repositoryUrl: 'https://github.com/octo/docs-repo',
    versions: [
      { slug: 'stable', built: true },
      { slug: 'v1.0', type: 'tag', built: true },
      { slug: 'v1.1', type: 'tag', built: true },
      { slug: `${DEMO_PR}`, type: 'external', verboseName: `${DEMO_PR}` },
    ],
  });
  const buildMs = options.buildMs ?? 6000;
  // Yesterday's builds of `latest`: mostly green, about as long as today's, one broken and fixed.
  const history: (BuildPlan & { agoHours: number })[] = [
    { agoHours: 30, durationMs: buildMs + 1000, outcome: 'success' },
    { agoHours: 26, durationMs: buildMs, outcome: 'success' },
    { agoHours: 20, durationMs: buildMs - 1000, outcome: 'failure', failingCommand: FAILING_SPHINX },
    { agoHours: 19, durationMs: buildMs, outcome: 'success' },
    { agoHours: 5, durationMs: buildMs + 1000, outcome: 'success' },
    { agoHours: 2, durationMs: buildMs, outcome: 'success', commit: BUILT_SHA },
  ];
  for (const { agoHours, ...plan } of history) standin.addBuild(DEMO_PROJECT, 'latest', { ...plan, startedAgoMs: agoHours * HOUR });
  return standin;
}

/** The commit every trigger of `latest` builds: the default branch's head. */
export const TRIGGERED_SHA = 'c0ffee5e2a1d4b7f9e3c6a8d0b2f4e6a8c1d3e5f';

/** What a trigger of `latest` does in each variant. */
export function planBuild(standin: Standin, variant: Variant, buildMs = 6000): void {
  const commit = TRIGGERED_SHA;
  standin.onTrigger(
    DEMO_PROJECT,
    'latest',
    variant === 'failure'
      ? { durationMs: Math.round(buildMs * 0.7), queueMs: 400, outcome: 'failure', commit, failingCommand: FAILING_SPHINX }
      : { durationMs: buildMs, queueMs: 400, outcome: 'success', commit },
  );
}

/** The projects of `npm run standin`: `acme-docs` (each trigger of `latest` succeeds) and `acme-broken` (each fails in Sphinx). */
export const TRIAL_PROJECTS = [DEMO_PROJECT, 'acme-broken'] as const;

/** `npm run standin`'s stand-in, also started by the test of `npm run local`. */
export async function startTrialService(buildMs = 3000): Promise<Standin> {
  const standin = await startDemoService({ buildMs });
  planBuild(standin, 'success', buildMs);
  standin.addProject({ slug: 'acme-broken', name: 'Acme Broken' });
  standin.onTrigger('acme-broken', 'latest', { durationMs: Math.round(buildMs * 0.7), outcome: 'failure', failingCommand: FAILING_SPHINX });
  return standin;
}

/** The pull request's build, started by the service's webhook for the head commit. */
export function startPullRequestBuild(standin: Standin, buildMs = 6000): void {
  // An older push's build is there too: the action must not report it.
  standin.addBuild(DEMO_PROJECT, `${DEMO_PR}`, {
    durationMs: buildMs,
    outcome: 'success',
    commit: BUILT_SHA,
    commitFromStart: true,
    startedAgoMs: HOUR,
  });
  standin.addBuild(DEMO_PROJECT, `${DEMO_PR}`, { durationMs: buildMs, outcome: 'success', commit: DEMO_HEAD_SHA, commitFromStart: true });
  // Written as the build ends (the service takes a few seconds): the demo shows the diff, not the wait for it.
  standin.setFileTreeDiff(DEMO_PROJECT, `${DEMO_PR}`, DEMO_FILE_TREE_DIFF, { writtenAfterMs: 0 });
  standin.setSitePages(DEMO_PROJECT, `${DEMO_PR}`, DEMO_PREVIEW_PAGES);
}

const demoPage = (title: string, body: string) =>
  `<!doctype html>\n<html><head><title>${title}</title></head><body><h1 id="${title.toLowerCase()}">${title}</h1>\n${body}\n</body></html>\n`;

/**
 * The preview's pages, with links, anchors and an image: one link of the options reference names
 * an anchor the new configuration page does not have, which the link check reports (issue 40).
 */
const DEMO_PREVIEW_PAGES: Record<string, string> = {
  'index.html': demoPage(
    'Acme',
    '<img src="_static/logo.png" alt="Acme"><p>See <a href="configuration.html#files">configuration</a> and <a href="reference/options.html">every option</a>.</p>',
  ),
  'configuration.html': demoPage(
    'Configuration',
    '<h2 id="files">Files</h2><p>Options are listed in <a href="reference/options.html#timeout">the reference</a>.</p>',
  ),
  'reference/options.html': demoPage(
    'Options',
    '<h2 id="timeout">timeout</h2><p>Set it in <a href="../configuration.html#timeouts">the configuration</a>; <a href="../index.html">home</a>.</p>',
  ),
  '_static/logo.png': 'PNG',
};

/**
 * The service's file tree diff of the PR's build against `latest`: the built pages, one more than
 * the PR's files tell (the options reference is generated from `src/acme/config.py`).
 */
const DEMO_FILE_TREE_DIFF = {
  added: ['configuration.html'],
  modified: ['index.html', 'reference/options.html'],
  deleted: ['legacy-options.html'],
};

/** The `pull_request` event payload the runner would give the preview step. */
export function pullRequestEvent(): { name: string; payload: unknown } {
  const repo = { full_name: 'octo/docs-repo', name: 'docs-repo', owner: { login: 'octo' } };
  return {
    name: 'pull_request',
    payload: {
      action: 'synchronize',
      number: DEMO_PR,
      pull_request: {
        number: DEMO_PR,
        title: 'Document the configuration options',
        head: { sha: DEMO_HEAD_SHA, ref: 'docs/configuration', repo },
        base: { sha: BUILT_SHA, ref: 'main', repo },
      },
      repository: repo,
    },
  };
}

/** The files the demo pull request changes: two docs pages, one removed page and some code. */
export const DEMO_PR_FILES = [
  { filename: 'docs/configuration.rst', status: 'added' as const },
  { filename: 'docs/index.rst', status: 'modified' as const },
  { filename: 'docs/legacy-options.rst', status: 'removed' as const },
  { filename: 'src/acme/config.py', status: 'modified' as const },
];

/** The project's `.readthedocs.yaml` at the head commit: it tells where the Sphinx sources are. */
export const DEMO_READTHEDOCS_YAML = [
  'version: 2',
  'build:',
  '  os: ubuntu-24.04',
  '  tools:',
  '    python: "3.13"',
  'sphinx:',
  '  configuration: docs/conf.py',
  '  fail_on_warning: true',
  '',
].join('\n');
