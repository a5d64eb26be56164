// `npm run demo -- preview`: a pull-request preview end to end, offline. Two loopback stand-ins:
// Read the Docs (the PR's build, and the preview pages under /docs/) and GitHub's REST API (the
// PR, its files, .readthedocs.yaml, comments and commit statuses). Afterwards it shows what the PR
// shows: the sticky comment rendered for the terminal, and the commit status.
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { GITHUB_TOKEN, type ActionRun } from '../../harness/run-action.ts';
import {
  DEMO_HEAD_SHA,
  DEMO_PR,
  DEMO_PR_FILES,
  DEMO_PROJECT,
  DEMO_READTHEDOCS_YAML,
  DEMO_TOKEN,
  pullRequestEvent,
  startDemoService,
  startPullRequestBuild,
} from '../../harness/demo-scenario.ts';
import { rule, runAndShow, say, showResults, style } from './show.ts';
import { renderMarkdown } from './terminal.ts';

const COMMENT_MARKER = '<!-- readthedocs-action:preview:';

export async function previewDemo(buildMs?: number): Promise<number> {
  const standin = await startDemoService({ buildMs });
  // The runner gives the step `${{ github.token }}`; run-action passes this fake one, which only the stand-in accepts.
  const github = await startGitHubStandin({ token: GITHUB_TOKEN, owner: 'octo', repo: 'docs-repo' });
  try {
    startPullRequestBuild(standin, buildMs);
    github.addPullRequest({ number: DEMO_PR, headSha: DEMO_HEAD_SHA, body: 'Documents every configuration option.', files: DEMO_PR_FILES });
    github.setFile(DEMO_HEAD_SHA, '.readthedocs.yaml', DEMO_READTHEDOCS_YAML);
    github.addComment(DEMO_PR, 'Thanks! Could you link the new page from the index?', { login: 'reviewer', type: 'User' });

    const inputs = {
      token: DEMO_TOKEN,
      project: DEMO_PROJECT,
      operation: 'preview',
      // The real preview host (acme-docs--42.org.readthedocs.build) is not reachable offline: the
      // stand-in serves the pages, and gives them as the build's preview URL.
      'base-url': standin.url,
    };
    say(style.bold(`Read the Docs action demo: a pull-request preview (PR #${DEMO_PR}, head ${DEMO_HEAD_SHA.slice(0, 7)})`));
    say(style.dim(`Loopback stand-ins: Read the Docs at ${standin.url}, GitHub's REST API at ${github.url} (GITHUB_API_URL).`));
    say(style.dim('The PR changes docs/configuration.rst and docs/index.rst; the service has built its head commit (and an older push).'));
    say(style.dim('It also removes docs/legacy-options.rst, and no redirect covers /legacy-options.html (input redirect-check).'));
    say(
      style.dim(
        "The service's file tree diff of the build lists the built pages it changes (reference/options.html too, generated from the code): each gets its preview link, and a modified one its visual diff and its page before.",
      ),
    );
    say(style.dim('The workflow, as a repository would write it (base-url points at the stand-in):'));
    say();
    say('  on:');
    say('    pull_request:');
    say('  permissions:');
    say('    contents: read');
    say('    pull-requests: write');
    say('    statuses: write');
    say('    deployments: write   # deployment defaults to true: a GitHub deployment per project');
    say('  ...');
    say('      - uses: readthedocs-action/readthedocs-action@v1');
    say('        with:');
    for (const [name, value] of Object.entries(inputs)) say(`          ${name}: ${name === 'token' ? '${{ secrets.RTD_TOKEN }}' : value}`);

    const run = await runAndShow({ inputs, env: { GITHUB_API_URL: github.url }, event: pullRequestEvent() });
    showResults(run);
    const previewAnswers = await showPreviewLink(run);
    const comment = showComment(github);
    const status = showStatus(github);

    const ok = run.code === 0 && previewAnswers && comment && status;
    say(
      ok
        ? `\n${style.green('The action exited 0:')} the head commit's build finished, its preview answers, and the PR shows the link and a green status.`
        : style.red(
            `\nUnexpected: the action exited ${run.code}${comment ? '' : ', no ready comment'}${status ? '' : ', no success status'}; see above.`,
          ),
    );
    return ok ? 0 : 1;
  } finally {
    await Promise.all([standin.close(), github.close()]);
  }
}

/** The `preview-url` output, fetched once more: what a reviewer gets when they click the link. */
async function showPreviewLink(run: ActionRun): Promise<boolean> {
  rule('Preview link (output preview-url)');
  const url = run.outputs['preview-url'] ?? '';
  if (url === '') {
    say(style.dim('(empty: the preview was not verified)'));
    return false;
  }
  const response = await fetch(url).catch(() => undefined);
  await response?.body?.cancel();
  const answer = response ? `answers ${response.status}` : 'does not answer';
  say(`${url}  ${response?.status === 200 ? style.green(answer) : style.red(answer)}`);
  return response?.status === 200;
}

/** The sticky comment as GitHub renders it, and how it got there (posted once, then edited in place). */
function showComment(github: GitHubStandin): boolean {
  const comments = github.comments(DEMO_PR);
  const ours = comments.filter((comment) => comment.body.startsWith(COMMENT_MARKER));
  rule(`PR #${DEMO_PR}: the sticky comment (rendered as GitHub shows it)`);
  if (ours.length === 0) {
    say(style.dim('(no comment)'));
    return false;
  }
  const comment = ours[0]!;
  say(style.dim(`@${comment.user.login} · comment ${comment.id}`));
  say();
  say(renderMarkdown(comment.body, style));
  const posted = github.count('POST', `/issues/${DEMO_PR}/comments`);
  const edited = github.count('PATCH', `/issues/comments/${comment.id}`);
  const others = comments.length - ours.length;
  const times = (count: number) => (count === 1 ? 'once' : `${count} times`);
  say();
  say(
    style.dim(
      `Posted ${times(posted)} ("building" while the build ran), then edited in place ${times(edited)}; ` +
        `${others} other comment${others === 1 ? '' : 's'} on the PR left alone. A re-run edits this same comment.`,
    ),
  );
  return ours.length === 1 && comment.body.includes('✅ Ready');
}

/** The commit status on the head SHA: its newest state per context, and the states it went through. */
function showStatus(github: GitHubStandin): boolean {
  const statuses = github.statuses(DEMO_HEAD_SHA);
  rule(`Commit status on ${DEMO_HEAD_SHA.slice(0, 7)} (the PR's head commit, not the merge commit)`);
  if (statuses.length === 0) {
    say(style.dim('(no status)'));
    return false;
  }
  const latest = new Map(statuses.map((status) => [status.context, status]));
  for (const status of latest.values()) {
    const mark =
      status.state === 'success'
        ? style.green('✔ success')
        : status.state === 'pending'
          ? style.yellow('● pending')
          : style.red(`✖ ${status.state}`);
    say(`${mark}  ${style.bold(status.context)} — ${status.description ?? ''}`);
    if (status.target_url) say(`           Details → ${status.target_url}`);
    const history = statuses.filter((item) => item.context === status.context).map((item) => item.state);
    say(style.dim(`           states set: ${history.join(' → ')}`));
  }
  return latest.get(`readthedocs-preview/${DEMO_PROJECT}`)?.state === 'success';
}
