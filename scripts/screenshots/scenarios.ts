// The runs the README's pictures are taken from: the demo's scenarios, run quietly, keeping the
// Markdown the action wrote (the PR comment and the job summary) rather than printing it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../harness/action-metadata.ts';
import { startGitHubStandin } from '../../harness/github-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';
import {
  DEMO_HEAD_SHA,
  DEMO_PR,
  DEMO_PR_FILES,
  DEMO_PROJECT,
  DEMO_READTHEDOCS_YAML,
  DEMO_TOKEN,
  FAILING_SPHINX,
  planBuild,
  pullRequestEvent,
  startDemoService,
} from '../../harness/demo-scenario.ts';

const COMMENT_MARKER = '<!-- readthedocs-action:preview:';
/** The run the pictures' links name (https://github.com/octo/docs-repo/actions/runs/4242). */
const RUN_ID = '4242';
const HOUR = 3_600_000;

export interface Capture {
  /** The sticky PR comment's Markdown (preview only). */
  comment?: string;
  /** The job summary's Markdown. */
  summary: string;
  code: number | null;
}

/** `npm run demo -- preview`, quietly; with `fail`, the head commit's build fails in Sphinx. */
export async function capturePreview(options: { fail?: boolean; buildMs?: number } = {}): Promise<Capture> {
  const buildMs = options.buildMs ?? 6000;
  const standin = await startDemoService({ buildMs });
  const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
  try {
    standin.addBuild(DEMO_PROJECT, `${DEMO_PR}`, {
      durationMs: buildMs,
      outcome: 'success',
      commit: '9d1e3c5a7b2f4e6081a3c5e7f9b1d2c4e6a8f0b3',
      commitFromStart: true,
      startedAgoMs: HOUR,
    });
    standin.addBuild(DEMO_PROJECT, `${DEMO_PR}`, {
      durationMs: buildMs,
      commit: DEMO_HEAD_SHA,
      commitFromStart: true,
      ...(options.fail ? { outcome: 'failure', failingCommand: FAILING_SPHINX } : { outcome: 'success' }),
    });
    github.addPullRequest({ number: DEMO_PR, headSha: DEMO_HEAD_SHA, body: 'Documents every configuration option.', files: DEMO_PR_FILES });
    github.setFile(DEMO_HEAD_SHA, '.readthedocs.yaml', DEMO_READTHEDOCS_YAML);
    const run = await runAction({
      inputs: {
        token: DEMO_TOKEN,
        project: DEMO_PROJECT,
        operation: 'preview',
        'base-url': standin.url,
        'preview-url-template': `${standin.url}/docs/{project}--{version}/{language}/{version}/`,
      },
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: RUN_ID },
      event: pullRequestEvent(),
    });
    const comment = github.comments(DEMO_PR).find((item) => item.body.startsWith(COMMENT_MARKER))?.body;
    return { comment: comment && prettyUrls(comment, standin.url), summary: prettyUrls(run.summary, standin.url), code: run.code };
  } finally {
    await Promise.all([standin.close(), github.close()]);
  }
}

/** The demo pull request's sources at its head commit, each writing one of the links the preview's pages break. */
const BROKEN_LINK_SOURCES: Record<string, string> = {
  'docs/index.rst': [
    'Acme',
    '====',
    '',
    '.. image:: _static/logo.png',
    '',
    'Start with :doc:`installation`, then read',
    ':doc:`configuration`.',
    '',
  ].join('\n'),
  'docs/configuration.rst': [
    'Configuration',
    '=============',
    '',
    'Files',
    '-----',
    '',
    'Acme reads ``acme.toml``. Every option is in :doc:`the reference <reference/options>`;',
    'retries are under `retries <reference/options.html#retries>`_.',
    '',
    '.. figure:: img/flow.png',
    '',
    '   How a build flows.',
    '',
  ].join('\n'),
};

/** The preview's pages, their links broken as the sources above write them; with `flood`, a generated reference page of 120 more. */
function brokenLinkPages(flood: boolean): Record<string, string> {
  const page = (title: string, body: string) =>
    `<!doctype html>\n<html><head><title>${title}</title></head><body><h1 id="${title.toLowerCase()}">${title}</h1>\n${body}\n</body></html>\n`;
  const options = flood
    ? Array.from({ length: 120 }, (_, i) => `<a href="../api/opt-${i}.html">opt ${i}</a>`).join('\n')
    : '<a href="../configuration.html#files">files</a>';
  return {
    'index.html': page(
      'Acme',
      '<img src="_static/logo.png" alt="Acme"><p>Start with <a href="installation.html">installing Acme</a>, then read <a href="configuration.html">the configuration</a>.</p>',
    ),
    'configuration.html': page(
      'Configuration',
      '<h2 id="files">Files</h2><p>Acme reads acme.toml. Every option is in <a href="reference/options.html">the reference</a>; ' +
        'retries are under <a href="reference/options.html#retries">retries</a>.</p><img src="_images/flow.png" alt="How a build flows">',
    ),
    'reference/options.html': page('Options', `<h2 id="timeout">timeout</h2><p>${options}</p>`),
    '_static/logo.png': 'PNG',
  };
}

/**
 * A preview whose link check fails (`link-check: fail`), from the service's file tree diff: each
 * broken link at the line of the pull request's source that writes it. With `flood`, a generated
 * page of 120 more broken links (the job summary's picture).
 */
export async function captureBrokenLinks(options: { flood?: boolean } = {}): Promise<Capture> {
  const buildMs = 3000;
  const standin = await startDemoService({ buildMs });
  const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
  try {
    standin.addBuild(DEMO_PROJECT, `${DEMO_PR}`, { durationMs: buildMs, outcome: 'success', commit: DEMO_HEAD_SHA, commitFromStart: true });
    standin.setFileTreeDiff(
      DEMO_PROJECT,
      `${DEMO_PR}`,
      { added: ['configuration.html'], modified: ['index.html', 'reference/options.html'] },
      { writtenAfterMs: 0 },
    );
    standin.setSitePages(DEMO_PROJECT, `${DEMO_PR}`, brokenLinkPages(options.flood === true));
    // The pages it changes, none removed: the pictures show the link check alone.
    const files = DEMO_PR_FILES.filter((file) => file.status !== 'removed');
    github.addPullRequest({ number: DEMO_PR, headSha: DEMO_HEAD_SHA, body: 'Documents every configuration option.', files });
    github.setFile(DEMO_HEAD_SHA, '.readthedocs.yaml', DEMO_READTHEDOCS_YAML);
    for (const [path, text] of Object.entries(BROKEN_LINK_SOURCES)) github.setFile(DEMO_HEAD_SHA, path, text);
    const run = await runAction({
      inputs: {
        token: DEMO_TOKEN,
        project: DEMO_PROJECT,
        operation: 'preview',
        'base-url': standin.url,
        'preview-url-template': '',
        'link-check': 'fail',
        timeout: '5m',
      },
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: RUN_ID },
      event: pullRequestEvent(),
    });
    const comment = github.comments(DEMO_PR).find((item) => item.body.startsWith(COMMENT_MARKER))?.body;
    return { comment: comment && prettyUrls(comment, standin.url), summary: prettyUrls(run.summary, standin.url), code: run.code };
  } finally {
    await Promise.all([standin.close(), github.close()]);
  }
}

/**
 * `npm run demo`, quietly: a build of `latest` that fails in Sphinx (its summary has the gantt
 * chart, which comes with a failed or slow build only).
 */
export async function captureBuild(options: { buildMs?: number } = {}): Promise<Capture> {
  const buildMs = options.buildMs ?? 6000;
  const standin = await startDemoService({ buildMs });
  try {
    planBuild(standin, 'failure', buildMs);
    const run = await runAction({
      inputs: { token: DEMO_TOKEN, project: DEMO_PROJECT, version: 'latest', 'base-url': standin.url },
      env: { GITHUB_RUN_ID: RUN_ID },
    });
    return { summary: prettyUrls(run.summary, standin.url), code: run.code };
  } finally {
    await standin.close();
  }
}

/**
 * The same failed build from the command line (`node dist/cli.js build …`), as a 100-column
 * terminal shows it: what it printed, the stand-in's addresses made the service's.
 */
export async function captureTerminal(options: { buildMs?: number } = {}): Promise<{ text: string; code: number | null }> {
  const buildMs = options.buildMs ?? 6000;
  const standin = await startDemoService({ buildMs });
  try {
    planBuild(standin, 'failure', buildMs);
    const args = [join(ROOT, 'dist/cli.js'), 'build', '--project', DEMO_PROJECT, '--version', 'latest', '--base-url', standin.url];
    const child = spawn(process.execPath, args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, READTHEDOCS_TOKEN: DEMO_TOKEN, COLUMNS: '100' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { text: prettyUrls(text, standin.url), code };
  } finally {
    await standin.close();
  }
}

/**
 * For the picture only: the stand-in's loopback origin (`http://127.0.0.1:<random port>`) replaced
 * by the addresses the real service would give, so the image shows what a user's PR shows. Also
 * in link labels, where the action escaped the address's punctuation (`http\://127\.0...`).
 */
export function prettyUrls(markdown: string, origin: string): string {
  const port = new URL(origin).port;
  const loopback = new RegExp(`http(?:\\\\)?:\\/\\/127(?:\\\\)?\\.0(?:\\\\)?\\.0(?:\\\\)?\\.1(?:\\\\)?:${port}([^\\s)\\]|]*)`, 'g');
  return markdown.replace(loopback, (_, rest: string) => {
    const path = rest.replace(/\\(.)/g, '$1');
    const preview = /^\/docs\/([\w-]+)--([\w-]+)\/(.*)$/.exec(path);
    if (preview) return `https://${preview[1]}--${preview[2]}.org.readthedocs.build/${preview[3]}`;
    const docs = /^\/docs\/([\w-]+)\/(.*)$/.exec(path);
    if (docs) return `https://${docs[1]}.readthedocs.io/${docs[2]}`;
    return `https://app.readthedocs.org${path}`;
  });
}
