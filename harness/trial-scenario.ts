// What `npm run standin` serves beyond the trial projects, so that every operation the docs show
// runs against it by hand: a tag a sync creates, a merge queue's branch, the pull request's build,
// GitHub's side of the repository. And the lines it prints: how to point the action or the command
// line at it, one command per operation.
import type { GitHubStandin } from './github-standin.ts';
import {
  BUILT_SHA,
  DEMO_HEAD_SHA,
  DEMO_PR,
  DEMO_PR_FILES,
  DEMO_PROJECT,
  DEMO_READTHEDOCS_YAML,
  DEMO_TOKEN,
  startPullRequestBuild,
  TRIGGERED_SHA,
} from './demo-scenario.ts';
import type { Standin } from './rtd-standin.ts';

/** The repository both stand-ins stand for. */
const TRIAL_REPOSITORY = 'octo/docs-repo';
/** The merge group's commit and its queue branch (pull request #42 into main). */
const TRIAL_GROUP_SHA = '5e7a9c1b3d5f7092b4d6f8a0c2e4a6b8d0f2a4c6';
const TRIAL_QUEUE_BRANCH = `gh-readonly-queue/main/pr-${DEMO_PR}-${BUILT_SHA}`;
/** The tag `sync-versions` waits for: the stand-in creates it 2 s after a sync. */
const TRIAL_TAG = 'v2.0';

/** Seeds what each operation the docs show needs beyond the trial projects. */
export function seedOperations(standin: Standin, github: GitHubStandin, buildMs: number): void {
  // sync-versions: a pushed tag the service learns of at the next sync; search finds its pages.
  standin.addVersion(DEMO_PROJECT, { slug: TRIAL_TAG, type: 'tag', active: false, appearsAfterSyncMs: 2000 });
  standin.onTrigger(DEMO_PROJECT, TRIAL_TAG, { durationMs: buildMs, queueMs: 400, outcome: 'success' });
  standin.setSearchHits(DEMO_PROJECT, TRIAL_TAG, [{ title: 'Acme Docs', path: '/index.html' }]);
  // merge-queue, queue-check: build: the queue branch becomes a version at the sync, built when activated.
  standin.addQueueBranch(DEMO_PROJECT, TRIAL_QUEUE_BRANCH, TRIAL_GROUP_SHA, 2000);
  // preview and merge-queue's mirror: the pull request, its head build, its files and .readthedocs.yaml.
  startPullRequestBuild(standin, buildMs);
  github.addPullRequest({ number: DEMO_PR, headSha: DEMO_HEAD_SHA, body: 'Documents every configuration option.', files: DEMO_PR_FILES });
  github.setFile(DEMO_HEAD_SHA, '.readthedocs.yaml', DEMO_READTHEDOCS_YAML);
  // health: the default branch's head was just pushed, and a trigger of `latest` builds it (within
  // `grace-period`, an hour, health waits for that build; after `build`, latest is current).
  github.setBranch('main', TRIGGERED_SHA, Date.now());
  // health's link check (`link-check: fail`): latest's pages, one of whose links is broken.
  standin.setSitePages(DEMO_PROJECT, 'latest', TRIAL_LATEST_PAGES);
}

const trialPage = (title: string, body: string) =>
  `<!doctype html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1>\n${body}\n</body></html>\n`;

/** The pages of `latest`: the index links `install.html`, which the version does not have, so that the crawl can be seen failing. */
const TRIAL_LATEST_PAGES: Record<string, string> = {
  'index.html': trialPage(
    'Acme',
    '<p>See <a href="configuration.html">the configuration</a>, then <a href="install.html">install it</a>.</p>',
  ),
  'configuration.html': trialPage('Configuration', '<p>Back to <a href="index.html">the start</a>.</p>'),
};

/** How to point the action and the command line at the stand-ins, and a command per operation. */
export function trialHints(url: string, githubUrl: string): string {
  // `npx` runs the project's own command with the project's Node 24 first on its PATH: on the
  // machine's Node 20 too, where `node dist/cli.js` stops at the Node check.
  const cli = (operation: string, options: string) =>
    `  npx readthedocs-action ${operation} --project ${DEMO_PROJECT} ${options}`.trimEnd();
  return [
    '',
    'Point the action at it (a workflow step, or INPUT_* in a .env for `npm run local`):',
    `  base-url: ${url}`,
    `  token: ${DEMO_TOKEN}`,
    `  project: ${DEMO_PROJECT}        # or acme-broken, whose builds fail`,
    `  and for GitHub's side: GITHUB_API_URL=${githubUrl} GITHUB_REPOSITORY=${TRIAL_REPOSITORY}`,
    '',
    'Point the command line at it (after `npm run build`, in a second terminal, in this folder):',
    `  export READTHEDOCS_TOKEN=${DEMO_TOKEN}; RTD_URL=${url}`,
    `  export GITHUB_API_URL=${githubUrl} GITHUB_REPOSITORY=${TRIAL_REPOSITORY} GITHUB_TOKEN=ghs_demo_token_not_a_secret`,
    cli('build', `--base-url "$RTD_URL"`),
    cli('wait', `--base-url "$RTD_URL" --commit ${BUILT_SHA}`),
    cli('sync-versions', `--base-url "$RTD_URL" --version ${TRIAL_TAG}`),
    cli('env', `--base-url "$RTD_URL" --variables 'DOCS_FLAVOUR=full' --dry-run`),
    cli('merge-queue', `--base-url "$RTD_URL" --commit ${TRIAL_GROUP_SHA} --version ${TRIAL_QUEUE_BRANCH}`),
    `${cli('merge-queue', `--base-url "$RTD_URL" --commit ${TRIAL_GROUP_SHA} --version ${TRIAL_QUEUE_BRANCH}`)} --queue-check mirror`,
    '  # export writes readthedocs-project.yaml into this folder; apply reads it back',
    cli('export', `--base-url "$RTD_URL" --config readthedocs-project.yaml`),
    cli('apply', `--base-url "$RTD_URL" --config readthedocs-project.yaml --dry-run`),
    cli('health', `--base-url "$RTD_URL"`),
    "  # the link check seen failing: latest's index links install.html, a page the version does not have",
    `${cli('health', `--base-url "$RTD_URL" --link-check fail`)}   # exits 1`,
    '  preview: needs a pull_request event; `npm run standin -- --preview` writes one and its .env for `npm run local`.',
    '',
  ].join('\n');
}
