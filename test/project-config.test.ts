// The project file (parsing, refusals with file:line:key path), the plan (pure), and the published JSON Schema.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigFileError, parseConfigFile } from '../src/operations/project-config/file.ts';
import type { DesiredProject, DesiredRedirect } from '../src/operations/project-config/model.ts';
import { countsAsChange, planProject, type CurrentRedirect, type CurrentState } from '../src/operations/project-config/plan.ts';
import { ROOT } from '../harness/action-metadata.ts';
import { projectFileJsonSchema } from '../harness/project-schema.ts';

async function problems(text: string, projects = ['acme']) {
  try {
    await parseConfigFile('cfg.yml', text, projects);
  } catch (error) {
    if (error instanceof ConfigFileError) return error.problems.map((p) => `${p.line} ${p.path}: ${p.message}`);
    throw error;
  }
  return [];
}

const ISSUE_EXAMPLE = `# yaml-language-server: $schema=x
settings:
  default_version: stable
  default_branch: main
  versioning_scheme: multiple_versions_with_translations
  homepage: https://example.org
  tags: [python, docs]
redirects:
  - {type: page, from: /install.html, to: /getting-started/install.html}
  - {type: exact, from: /en/v1/$rest, to: /en/latest/, http_status: 302}
  - {type: clean_url_to_html}
subprojects:
  - {child: acme-api, alias: api}
versions:
  v1.0: {active: false}
  v2.0: {active: true, hidden: false}
`;

describe('project file', () => {
  it("reads the issue's example, filling in the service's defaults", async () => {
    const parsed = await parseConfigFile('cfg.yml', ISSUE_EXAMPLE, ['acme']);
    const acme = parsed.get('acme')!;
    expect(acme.settings?.tags).toEqual(['python', 'docs']);
    expect(acme.redirects?.[0]).toEqual({
      type: 'page',
      from: '/install.html',
      to: '/getting-started/install.html',
      http_status: 302,
      force: false,
      enabled: true,
      description: '',
    });
    expect(acme.redirects?.[2]).toMatchObject({ type: 'clean_url_to_html', from: '', to: '' });
    expect(acme.subprojects).toEqual([{ child: 'acme-api', alias: 'api' }]);
    expect(acme.versions).toEqual({ 'v1.0': { active: false }, 'v2.0': { active: true, hidden: false } });
  });

  it('accepts from_url/to_url and gives the alias the child slug by default', async () => {
    const parsed = await parseConfigFile(
      'cfg.yml',
      'redirects:\n  - {type: page, from_url: /a, to_url: /b}\nsubprojects:\n  - child: api\n',
      ['acme'],
    );
    expect(parsed.get('acme')!.redirects![0]).toMatchObject({ from: '/a', to: '/b' });
    expect(parsed.get('acme')!.subprojects).toEqual([{ child: 'api', alias: 'api' }]);
  });

  it('refuses unknown keys, wrong types and bad statuses on their lines, with the key path', async () => {
    expect(await problems('settings:\n  default_branch: main\n  defualt_version: stable\n')).toEqual([
      '3 settings.defualt_version: unknown key `defualt_version`',
    ]);
    const found = await problems(
      'redirects:\n  - type: page\n    from: /a\n    to: /b\n    http_status: 307\nversions:\n  v1: {active: "yes"}\n',
    );
    expect(found).toHaveLength(2);
    expect(found).toEqual(['5 redirects[0].http_status: accepts 301, 302', '7 versions.v1.active: expected boolean']);
    expect(await problems('versions:\n  "v1.0":\n    active: 1\nredirects:\n  - type: moved\n')).toEqual([
      '3 versions["v1.0"].active: expected boolean',
      '5 redirects[0].type: accepts "page", "exact", "clean_url_to_html", "html_to_clean_url"',
    ]);
  });

  it('refuses page/exact redirects without from or to, duplicates, and duplicate aliases', async () => {
    const found = await problems(
      [
        'redirects:',
        '  - {type: exact, to: /x}',
        '  - {type: page, from: /a, to: /b}',
        '  - {type: page, from_url: /a, to: /b}',
        'subprojects:',
        '  - {child: one, alias: api}',
        '  - {child: two, alias: api}',
      ].join('\n'),
    );
    expect(found).toEqual([
      '2 redirects[0]: a redirect of type `exact` needs `from`',
      '4 redirects[2]: duplicate redirect: the same type, from and to as redirects[1]',
      '7 subprojects[1]: duplicate alias `api`: subprojects[0] has it too',
    ]);
  });

  it('refuses an alias bomb and an unknown alias instead of expanding them', async () => {
    const level = (name: string, of: string) => `${name}: &${name} [${Array(9).fill(`*${of}`).join(', ')}]`;
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', level('b', 'a'), level('c', 'b'), level('d', 'c'), level('e', 'd'), ''].join('\n');
    expect((await problems(bomb))[0]).toMatch(/^1 : cannot be read: /);
    expect((await problems('settings: *nowhere\n'))[0]).toMatch(/^1 : /);
  });

  it('refuses YAML errors and duplicate keys with their line', async () => {
    const found = await problems('settings:\n  homepage: a\n  homepage: b\n');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^3 : /);
  });

  it('takes several projects under `projects`, only those named in the input', async () => {
    const parsed = await parseConfigFile('cfg.yml', 'projects:\n  acme:\n    settings: {homepage: https://a.example}\n  beta: {}\n', [
      'acme',
      'beta',
    ]);
    expect([...parsed.keys()]).toEqual(['acme', 'beta']);
    expect(await problems('projects:\n  other: {}\n')).toEqual(['2 projects.other: `other` is not named in the input `project` (acme)']);
    expect(await problems('settings: {}\nprojects:\n  acme: {}\n')).toHaveLength(1);
  });
});

const r = (from: string, extra: Partial<DesiredRedirect> = {}): DesiredRedirect => ({
  type: 'page',
  from,
  to: `${from}-new`,
  http_status: 302,
  force: false,
  enabled: true,
  description: '',
  ...extra,
});
const existing = (list: DesiredRedirect[]): CurrentRedirect[] => list.map((x, i) => ({ ...x, pk: 10 + i, position: i }));
const state = (over: Partial<CurrentState> = {}): CurrentState => ({
  settings: { default_branch: 'main', tags: ['a', 'b'], homepage: '' },
  redirects: [],
  subprojects: [],
  versions: {},
  ...over,
});
const summary = (desired: DesiredProject, current: CurrentState, prune = false) =>
  planProject('acme', desired, current, prune).changes.map((c) => `${c.action} ${c.kind}${'pk' in c ? ` ${c.pk}` : ''}`);

describe('plan', () => {
  it('plans nothing when the project matches (tags compared as a set)', () => {
    const current = state({
      redirects: existing([r('/a'), r('/b')]),
      subprojects: [{ child: 'x', alias: 'x' }],
      versions: { v1: { active: true, hidden: false } },
    });
    const desired: DesiredProject = {
      settings: { default_branch: 'main', tags: ['b', 'a'] },
      redirects: [r('/a'), r('/b')],
      subprojects: [{ child: 'x', alias: 'x' }],
      versions: { v1: { active: true } },
    };
    expect(summary(desired, current, true)).toEqual([]);
  });

  it('counts an inserted redirect as one create, not as moves of those after it', () => {
    const current = state({ redirects: existing([r('/a'), r('/b'), r('/c')]) });
    const plan = planProject('acme', { redirects: [r('/a'), r('/new'), r('/b'), r('/c')] }, current, false);
    expect(plan.changes).toEqual([{ kind: 'redirect', action: 'create', redirect: r('/new'), position: 1 }]);
  });

  it('moves a redirect to its place and updates changed fields in one PUT', () => {
    const current = state({ redirects: existing([r('/a'), r('/b'), r('/c')]) });
    const plan = planProject('acme', { redirects: [r('/c', { http_status: 301 }), r('/a'), r('/b')] }, current, false);
    expect(plan.changes).toHaveLength(1);
    expect(plan.changes[0]).toMatchObject({
      action: 'update',
      pk: 12,
      position: 0,
      fields: [
        { field: 'http_status', old: 302, new: 301 },
        { field: 'position', old: 2, new: 0 },
      ],
    });
  });

  it('keeps unlisted redirects and subprojects as unmanaged, deletes them only with prune, and deletes last', () => {
    const current = state({ redirects: existing([r('/old'), r('/a')]), subprojects: [{ child: 'gone', alias: 'gone' }] });
    const desired: DesiredProject = {
      redirects: [r('/a'), r('/b')],
      subprojects: [{ child: 'new', alias: 'new' }],
      settings: { default_branch: 'dev' },
    };
    expect(summary(desired, current)).toEqual([
      'update settings',
      'update redirect 11',
      'create redirect',
      'create subproject',
      'unmanaged redirect 10',
      'unmanaged subproject',
    ]);
    expect(summary(desired, current, true).slice(-2)).toEqual(['delete redirect 10', 'delete subproject']);
  });

  it('frees an alias that now serves another child before giving it to the new one (prune)', () => {
    const current = state({ subprojects: [{ child: 'old-api', alias: 'api' }] });
    const desired: DesiredProject = { subprojects: [{ child: 'new-api', alias: 'api' }] };
    expect(planProject('acme', desired, current, true).changes).toEqual([
      { kind: 'subproject', action: 'delete', child: 'old-api', alias: 'api' },
      { kind: 'subproject', action: 'create', child: 'new-api', alias: 'api' },
    ]);
    expect(summary(desired, current)).toEqual(['create subproject', 'unmanaged subproject']);
  });

  it('lists write-only settings as sent, without counting them as changes', () => {
    const plan = planProject('acme', { settings: { analytics_disabled: true, default_branch: 'main' } }, state(), false);
    expect(plan.changes).toEqual([
      {
        kind: 'settings',
        action: 'update',
        fields: [{ field: 'analytics_disabled', old: undefined, new: true, writeOnly: true }],
        body: { analytics_disabled: true },
      },
    ]);
    expect(plan.changes.filter(countsAsChange)).toEqual([]);
  });

  it('patches only the version fields that differ, before the settings', () => {
    const plan = planProject(
      'acme',
      { versions: { v1: { active: false, hidden: false } }, settings: { default_version: 'v2' } },
      state({ versions: { v1: { active: true, hidden: false } } }),
      false,
    );
    expect(plan.changes.map((c) => c.kind)).toEqual(['version', 'settings']);
    expect(plan.changes[0]).toMatchObject({ body: { active: false } });
  });
});

describe('project file, any text', () => {
  it('either parses or refuses with ConfigFileError problems that each carry a line', async () => {
    const yamlish = fc.stringMatching(/^[-a-z_:{}[\], \n"'&*!|>#0-9./]{0,200}$/);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), yamlish), async (text) => {
        try {
          await parseConfigFile('cfg.yml', text, ['acme']);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigFileError);
          for (const problem of (error as ConfigFileError).problems) expect(problem.line).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('JSON Schema', () => {
  it('is committed as generated from the zod schema (run `node scripts/write-schema.ts` after changing it)', () => {
    expect(readFileSync(`${ROOT}schema/readthedocs-project.schema.json`, 'utf8')).toBe(projectFileJsonSchema());
  });
});
