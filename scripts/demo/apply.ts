// `npm run demo -- apply`: the project as code, offline. The stand-in holds a project with
// settings, redirects, a subproject and release tags; the repository's file (written to a temporary
// checkout) adds a redirect, changes a setting, drops the subproject and sets a version_policy. The demo runs `apply` twice as the
// runner does: first with `dry-run` (the plan, nothing written), then for real with `prune`, and
// shows the writes the stand-in received.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PROJECT, DEMO_TOKEN, startDemoService } from '../../harness/demo-scenario.ts';
import { rule, runAndShow, say, showResults, style } from './show.ts';

const DEMO_PROJECT_FILE = [
  '# yaml-language-server: $schema=https://raw.githubusercontent.com/readthedocs-action/readthedocs-action/main/schema/readthedocs-project.schema.json',
  'settings:',
  '  default_branch: main',
  '  homepage: https://acme.example.org',
  '  tags: [docs, python]',
  'redirects:',
  '  - {type: page, from: /install.html, to: /getting-started/install.html}',
  '  - {type: page, from: /faq.html, to: /help/faq.html}          # new',
  '  - {type: exact, from: /en/v1/*, to: /en/latest/:splat, http_status: 301}   # stored as /en/v1/$rest: the same',
  '  - {type: clean_url_to_html}',
  'subprojects: []                                                  # acme-api is dropped',
  'version_policy: {active: latest-patch, newest-minors: 1, prereleases: hidden}   # new',
  '',
].join('\n');

export async function applyDemo(): Promise<number> {
  const standin = await startDemoService();
  try {
    standin.addProject({ slug: 'acme-api' });
    standin.addSubproject(DEMO_PROJECT, 'acme-api', 'api');
    standin.addRedirect(DEMO_PROJECT, { type: 'page', from_url: '/install.html', to_url: '/getting-started/install.html' });
    // Made before `*` replaced `$rest`: the file's `*` / `:splat` spelling is the same redirect.
    standin.addRedirect(DEMO_PROJECT, { type: 'exact', from_url: '/en/v1/$rest', to_url: '/en/latest/', http_status: 301 });
    standin.addRedirect(DEMO_PROJECT, { type: 'clean_url_to_html' });
    // Besides the tags v1.0 and v1.1 (active): a patch not activated yet, and a release candidate.
    standin.addVersion(DEMO_PROJECT, { slug: 'v1.1.1', type: 'tag', active: false });
    standin.addVersion(DEMO_PROJECT, { slug: 'v1.2.0rc1', type: 'tag', active: true });
    const workspace = mkdtempSync(join(tmpdir(), 'rtd-demo-checkout-'));
    mkdirSync(join(workspace, '.github'));
    writeFileSync(join(workspace, '.github/readthedocs-project.yml'), DEMO_PROJECT_FILE);

    say(style.bold('Read the Docs action demo: the project as code (operation apply)'));
    say(style.dim(`A loopback stand-in of the Read the Docs API is listening at ${standin.url}.`));
    say(style.dim(`${DEMO_PROJECT} has 3 redirects, the subproject acme-api (alias api) and default_branch main.`));
    say(style.dim('Its tags: v1.0 and v1.1 active, v1.1.1 not yet, v1.2.0rc1 active and shown.'));
    say(style.dim('The checked-out .github/readthedocs-project.yml:'));
    say();
    for (const line of DEMO_PROJECT_FILE.trimEnd().split('\n')) say(`  ${line}`);
    const inputs = { token: DEMO_TOKEN, project: DEMO_PROJECT, 'base-url': standin.url, operation: 'apply', prune: 'true' };
    const env = { GITHUB_WORKSPACE: workspace };

    say(`\n${style.bold('1. On the pull request: dry-run: true (the plan; nothing is written)')}`);
    const plan = await runAndShow({ inputs: { ...inputs, 'dry-run': 'true' }, env });
    showResults(plan);
    const writesAfterPlan = standin.requests.filter((r) => r.method !== 'GET').length;

    say(`\n${style.bold('2. On push to the default branch: apply (prune: true removes the subproject and deactivates the old releases)')}`);
    const applied = await runAndShow({ inputs, env });
    showResults(applied);
    const writes = standin.requests.filter((r) => r.method !== 'GET');
    rule('Writes the stand-in received');
    for (const write of writes) say(`  ${write.method} ${write.path} ${write.body}`);

    say(`\n${style.bold('3. Again: the project matches the file')}`);
    const again = await runAndShow({ inputs, env });
    const writesAfterAgain = standin.requests.filter((r) => r.method !== 'GET').length;
    const ok =
      plan.code === 0 &&
      writesAfterPlan === 0 &&
      applied.code === 0 &&
      plan.outputs.changes === '7' &&
      writes.length === 7 &&
      again.outputs.changes === '0' &&
      writesAfterAgain === 7;
    say(
      ok
        ? `\n${style.green('Done:')} the plan had 7 changes, the dry run wrote nothing, apply wrote exactly those 7, and the second apply wrote nothing.`
        : style.red('\nUnexpected: see the log above.'),
    );
    return ok ? 0 : 1;
  } finally {
    await standin.close();
  }
}
