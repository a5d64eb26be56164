// `health` through dist/ against hostile surroundings (issue 39, items 2, 4 and 5): a repository with
// 1200 open issues and a token whose login cannot be learned each leave exactly one open health
// issue after three runs; a build URL the service gives on another host becomes a link in neither
// the issue nor the job summary; bidi controls from a failed build's output reach the issue, its
// comments, the summary, the annotations and the log only as visible escapes. How the issue is
// found and reconciled is in test/health-issue.test.ts; the escaping in test/untrusted-text.test.ts.
import { describe, expect, it } from 'vitest';
import { startGitHubStandin, type GitHubStandin } from '../../harness/github-standin.ts';
import { startStandin, type Standin } from '../../harness/rtd-standin.ts';
import { GITHUB_TOKEN, runAction } from '../../harness/run-action.ts';

const TOKEN = 'rtd_secret_token_health_issue';
const OLD = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const HOUR = 3_600_000;
const SCHEDULE = { name: 'schedule', payload: { schedule: '17 6 * * *' } };
const MARKER = '<!-- readthedocs-action:health -->';
/** What reorders text for a reader: the override and the isolates, a mark, an embedding, a C1 control (CSI). */
const REORDERING = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** `acme`'s `latest` last built an old commit while `main` moved on 3 hours ago: one problem, and its `v1.0` last failed. */
async function unhealthy(
  onTestFinished: (fn: () => Promise<void>) => void,
  output = 'undefined label: intro',
  command = 'python -m sphinx -W docs out',
) {
  const rtd = await startStandin({ tokens: [TOKEN], rateLimit: null });
  const gh = await startGitHubStandin({ token: GITHUB_TOKEN });
  onTestFinished(() => Promise.all([rtd.close(), gh.close()]).then(() => undefined));
  rtd.addProject({ slug: 'acme', versions: [{ slug: 'v1.0', type: 'tag', identifier: '1'.repeat(40), built: true }] });
  rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: OLD, startedAgoMs: 26 * HOUR });
  rtd.addBuild('acme', 'v1.0', {
    durationMs: 1000,
    outcome: 'failure',
    commit: '1'.repeat(40),
    startedAgoMs: 20 * HOUR,
    failingCommand: { command, output, exit_code: 2 },
  });
  gh.setBranch('main', HEAD, Date.now() - 3 * HOUR);
  return { rtd, gh };
}

function health(rtd: Standin, gh: GitHubStandin) {
  return runAction({
    inputs: { token: TOKEN, 'base-url': rtd.url, project: 'acme', operation: 'health', releases: '0' },
    env: { GITHUB_API_URL: gh.url },
    event: SCHEDULE,
  });
}

const openHealthIssues = (gh: GitHubStandin) => gh.issues().filter((issue) => issue.state === 'open' && issue.body.startsWith(MARKER));

describe('health keeps one issue', () => {
  it('in a repository with 1200 open issues: three runs, one open health issue', async ({ onTestFinished }) => {
    const { rtd, gh } = await unhealthy(onTestFinished);
    for (let i = 0; i < 1200; i++) gh.addIssue({ title: `Issue ${i}`, body: `Someone's issue ${i}` });
    for (let run = 0; run < 3; run++) {
      const result = await health(rtd, gh);
      expect(result.code, result.stdout).toBe(1);
      expect(result.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    }
    expect(openHealthIssues(gh)).toHaveLength(1);
    expect(gh.count('POST', /\/issues$/)).toBe(1);
  });

  it('with a token whose login cannot be learned (GET /user and GraphQL refused): three runs, one open health issue', async ({
    onTestFinished,
  }) => {
    const { rtd, gh } = await unhealthy(onTestFinished);
    gh.refuse('POST', /^\/graphql$/);
    // A copy of the marker by a person is never adopted, whoever the token is.
    const planted = gh.addIssue({ title: 'Read the Docs health', body: `${MARKER}\nplanted` });
    for (let run = 0; run < 3; run++) {
      const result = await health(rtd, gh);
      expect(result.code, result.stdout).toBe(1);
      expect(result.annotations.filter((a) => a.level === 'warning')).toEqual([]);
    }
    expect(openHealthIssues(gh).map((issue) => issue.number)).toEqual([planted, expect.any(Number)]);
    expect(openHealthIssues(gh).filter((issue) => issue.user.type === 'Bot')).toHaveLength(1);
    expect(gh.issues().find((issue) => issue.number === planted)!.body).toBe(`${MARKER}\nplanted`);
  });
});

describe("the service's text and links in what people read", () => {
  it('a build URL on another host is a link in neither the health issue nor the summary', async ({ onTestFinished }) => {
    const { rtd, gh } = await unhealthy(onTestFinished);
    const own = `${rtd.url}/projects/acme/builds/`;
    rtd.fault({
      kind: 'rewrite',
      path: '/builds/',
      times: 10_000,
      transform: (body) => body.replaceAll(own, 'https://evil.example/builds/'),
    });
    const result = await health(rtd, gh);
    expect(result.code, result.stdout).toBe(1);
    const [issue] = openHealthIssues(gh);
    expect(issue!.body).toContain('`v1.0`');
    expect(issue!.body).not.toContain('evil.example');
    expect(result.summary).toContain('| active versions build | ❌ problem |');
    expect(result.summary).not.toContain('evil.example');
    expect(JSON.stringify(JSON.parse(result.outputs.results!))).not.toContain('evil.example');
  });

  it('U+202E and U+2066-2069 from a failed build reach no issue, comment, summary, annotation or log raw', async ({ onTestFinished }) => {
    const hostile = 'error in \u202Etxt.exe\u202C and \u2066isolated\u2069 \u2067rtl\u2069 \u2068first\u2069 \u009b2J';
    // Not a `-W` stop: the failed command stays the problem's headline, in the log line and the annotation.
    const { rtd, gh } = await unhealthy(onTestFinished, `Exception occurred:\n${hostile}`, 'sphinx \u202Egnp.exe\u202C -W');
    const first = await health(rtd, gh);
    expect(first.code, first.stdout).toBe(1);
    const [issue] = openHealthIssues(gh);
    expect(issue!.body).toContain('\\u202etxt.exe\\u202c');
    expect(issue!.body).toContain('\\u2066isolated\\u2069');
    // The next run finds the issue as GitHub stores it: unchanged but for its "last checked" line,
    // which names the minute (two runs of a loaded machine may straddle one), never escaped twice.
    const beforeSecond = issue!.body;
    const second = await health(rtd, gh);
    const [reread] = openHealthIssues(gh);
    const withoutChecked = (body: string) => body.replace(/^(Last checked|Checked) .*$/m, '');
    expect(withoutChecked(reread!.body)).toBe(withoutChecked(beforeSecond));
    expect(gh.count('PATCH', /\/issues\/\d+$/)).toBeLessThanOrEqual(1);
    rtd.addBuild('acme', 'latest', { durationMs: 1000, outcome: 'success', commit: HEAD, startedAgoMs: 60_000 });
    rtd.addBuild('acme', 'v1.0', { durationMs: 1000, outcome: 'success', commit: '1'.repeat(40), startedAgoMs: 60_000 });
    await health(rtd, gh);
    const written = [
      ...gh.issues().flatMap((i) => [i.title, i.body, ...gh.comments(i.number).map((c) => c.body)]),
      ...[first, second].flatMap((run) => [run.summary, run.stdout, ...run.annotations.map((a) => `${a.title} ${a.message}`)]),
    ];
    for (const text of written) expect(text).not.toMatch(REORDERING);
    // The failed command is in the log line, the annotation and the summary's table: escaped in each.
    expect(first.stdout).toContain('sphinx \\u202egnp.exe\\u202c -W');
    expect(first.annotations.find((a) => a.level === 'error')!.message).toContain('\\u202egnp.exe');
    expect(first.summary).toContain('\\\\u202egnp');
  });
});
