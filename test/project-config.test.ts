// The project file (parsing, refusals with file:line:key path), the plan (pure), and the published JSON Schema.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Edition } from '../src/operations/shared/project-file/edition.ts';
import { ConfigFileError, MAX_FILE_BYTES, MAX_PROBLEMS_SHOWN, parseConfigFile } from '../src/operations/shared/project-file/file.ts';
import type { DesiredProject, DesiredRedirect } from '../src/operations/shared/project-file/model.ts';
import { redirectKey } from '../src/operations/shared/project-file/normal-form.ts';
import {
  countsAsChange,
  isWrite,
  longestIncreasing,
  planProject,
  sameRepository,
  type CurrentRedirect,
  type CurrentState,
  type PlannedChange,
} from '../src/operations/shared/project-file/plan.ts';
import { preflight } from '../src/operations/apply/preflight.ts';
import { ROOT } from '../harness/action-metadata.ts';
import { projectFileJsonSchema } from '../harness/project-schema.ts';

async function problems(text: string, projects = ['acme'], edition: Edition = 'unknown') {
  try {
    await parseConfigFile('cfg.yml', text, projects, { edition });
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
  - {type: exact, from: /en/v1/*, to: /en/latest/:splat, http_status: 302}
  - {type: clean_url_to_html}
subprojects:
  - {child: acme-api, alias: api}
versions:
  v1.0: {active: false}
  v2.0: {active: true, hidden: false}
`;

describe('project file', () => {
  it("reads the issue's example, filling in the service's defaults", async () => {
    const parsed = (await parseConfigFile('cfg.yml', ISSUE_EXAMPLE, ['acme'])).projects;
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
    const { projects: parsed } = await parseConfigFile(
      'cfg.yml',
      'redirects:\n  - {type: page, from_url: /a, to_url: /b}\nsubprojects:\n  - child: api\n',
      ['acme'],
    );
    expect(parsed.get('acme')!.redirects![0]).toMatchObject({ from: '/a', to: '/b' });
    expect(parsed.get('acme')!.subprojects).toEqual([{ child: 'api', alias: 'api' }]);
  });

  it('refuses unknown keys, wrong types and bad statuses on their lines, with the key path', async () => {
    expect(await problems('settings:\n  default_branch: main\n  defualt_version: stable\n')).toEqual([
      '3 settings.defualt_version: unknown key `defualt_version` (did you mean `default_version`?)',
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

  it('an unknown key near one the format has there says which (issue 49); none when nothing is near', async () => {
    expect(await problems('settings:\n  langauge: en\n')).toEqual([
      '2 settings.langauge: unknown key `langauge` (did you mean `language`?)',
    ]);
    expect(await problems('redirects:\n  - type: page\n    form: /a\n    to: /b\n')).toContainEqual(
      '3 redirects[0].form: unknown key `form` (did you mean `from`?)',
    );
    expect(await problems('versions:\n  v1: {actve: true}\n')).toEqual([
      '2 versions.v1.actve: unknown key `actve` (did you mean `active`?)',
    ]);
    expect(await problems('projects:\n  acme:\n    setings: {}\n')).toEqual([
      '3 projects.acme.setings: unknown key `setings` (did you mean `settings`?)',
    ]);
    expect(await problems('frobnicate: 1\n')).toEqual(['1 frobnicate: unknown key `frobnicate`']);
  });

  it('every problem at once: the shape’s and the service’s rules on the rest, in one run (issue 49)', async () => {
    const found = await problems(
      [
        'settings:',
        '  langauge: en',
        `  name: ${'n'.repeat(64)}`,
        'redirects:',
        '  - {type: page, from: /a, to: /b, http_status: 307}',
        '  - {type: page, from: /old/$rest, to: /new/}',
        '  - {type: page, from: /c, to: /d}',
        '  - {type: page, from: /c, to: /d}',
        'versions:',
        '  v1: {active: "yes"}',
        '',
      ].join('\n'),
    );
    expect(found.map((line) => line.split(':')[0])).toEqual([
      '2 settings.langauge',
      '3 settings.name',
      '5 redirects[0].http_status',
      '6 redirects[1].from',
      '8 redirects[3]',
      '10 versions.v1.active',
    ]);
    expect(found[4]).toContain('duplicate redirect: the same type, from and to as redirects[2]');
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
    expect(await problems('settings:\n  homepage: a\n  homepage: b\n')).toEqual([
      '3 settings.homepage: this key is given twice in the same map',
    ]);
    expect((await problems('settings: [\n'))[0]).toMatch(/^2 : /);
  });

  it('takes several projects under `projects`, only those named in the input', async () => {
    const { projects: parsed } = await parseConfigFile(
      'cfg.yml',
      'projects:\n  acme:\n    settings: {homepage: https://a.example}\n  beta: {}\n',
      ['acme', 'beta'],
    );
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
    expect(plan.changes).toEqual([{ kind: 'redirect', action: 'create', redirect: r('/new'), position: 1, at: 1 }]);
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

  it('keeps unlisted redirects and subprojects as unmanaged; with prune deletes them, each before the creations of its kind', () => {
    const current = state({ redirects: existing([r('/old'), r('/a')]), subprojects: [{ child: 'gone', alias: 'gone' }] });
    const desired: DesiredProject = {
      redirects: [r('/a'), r('/b')],
      subprojects: [{ child: 'new', alias: 'new' }],
      settings: { default_branch: 'dev' },
    };
    // Without prune, /a is moved before the unmanaged /old (listed redirects come first).
    expect(summary(desired, current)).toEqual([
      'update settings',
      'update redirect 11',
      'create redirect',
      'create subproject',
      'unmanaged redirect 10',
      'unmanaged subproject',
    ]);
    // With prune, deleting /old puts /a at 0 already: one delete, one create, no update.
    expect(summary(desired, current, true)).toEqual([
      'update settings',
      'delete redirect 10',
      'create redirect',
      'delete subproject',
      'create subproject',
    ]);
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

  it('patches only the version fields that differ: before the settings, but a deactivation after them (the default may move off it)', () => {
    const plan = planProject(
      'acme',
      { versions: { v1: { active: false, hidden: false }, v3: { hidden: true } }, settings: { default_version: 'v2' } },
      state({ versions: { v1: { active: true, hidden: false }, v3: { active: true, hidden: false } } }),
      false,
    );
    expect(plan.changes.map((c) => `${c.kind} ${c.kind === 'version' ? c.slug : ''}`)).toEqual(['version v3', 'settings ', 'version v1']);
    expect(plan.changes[2]).toMatchObject({ body: { active: false } });
  });
});

describe('project file: what the service refuses, refused first (issue 20)', () => {
  it("stores redirect paths in the service's normal form: trailing / of from dropped, one leading /, absolute to kept", async () => {
    const { projects } = await parseConfigFile(
      'cfg.yml',
      'redirects:\n  - {type: page, from: docs/, to: guide/intro.html}\n  - {type: exact, from: " //a/b// ", to: "https://x.example/y/ ", description: " d "}\n',
      ['acme'],
    );
    expect(projects.get('acme')!.redirects!.map((x) => [x.from, x.to, x.description])).toEqual([
      ['/docs', '/guide/intro.html', ''],
      ['/a/b', 'https://x.example/y/', 'd'],
    ]);
    // Two spellings of one stored redirect are one redirect.
    expect(await problems('redirects:\n  - {type: page, from: /docs/, to: /a}\n  - {type: page, from: docs, to: a}\n')).toEqual([
      '3 redirects[1]: duplicate redirect: the same type, from and to as redirects[0]',
    ]);
  });

  it('refuses $rest, an inner *, :splat without *, a second clean_url_to_html, long fields and other schemes, each saying what to write', async () => {
    const found = await problems(
      [
        'redirects:',
        '  - {type: exact, from: /en/v1/$rest, to: /en/latest/}',
        '  - {type: page, from: /a/*/b.html, to: /c.html}',
        '  - type: exact',
        '    from: /old/',
        '    to: /new/:splat',
        '  - {type: clean_url_to_html}',
        '  - {type: clean_url_to_html, force: true}',
        '  - {type: page, from: /js, to: "javascript:alert(1)"}',
        '  - {type: page, from: /data, to_url: "data:text/html,hi"}',
        '  - {type: page, from: /up, to: "HTTPS://example.org/"}',
      ].join('\n'),
    );
    expect(found).toEqual([
      '2 redirects[0].from: `$rest` was removed in favour of `*`: write `/en/v1/*`, and `/en/latest/:splat` as `to` to keep the rest of the path',
      '3 redirects[1].from: `*` may only end the path (it matches the rest): write `/a/*`',
      '6 redirects[2].to: `:splat` places what `*` matched: end `from` with `*` (`/old/*`), or drop `:splat`',
      '8 redirects[4]: a project has at most one redirect of type `clean_url_to_html`: redirects[3] is one already',
      '9 redirects[5].to: a redirect goes to a path or an `http(s)://` URL: `javascript:` is refused (a path starts with `/`)',
      '10 redirects[6].to_url: a redirect goes to a path or an `http(s)://` URL: `data:` is refused (a path starts with `/`)',
      '11 redirects[7].to: an absolute target starts with `https://` in lower case',
    ]);
    // Fields over 255 characters (the schema's limit, as the service's).
    expect(
      await problems(
        `redirects:\n  - {type: page, from: /${'x'.repeat(255)}, to: /y}\n  - {type: page, from: /l, to: /y, description: ${'d'.repeat(256)}}\n`,
      ),
    ).toEqual(['2 redirects[0].from: too long: at most 255', '3 redirects[1].description: too long: at most 255']);
    // 255 characters as written, 256 as stored (the leading / added): refused too.
    expect(await problems(`redirects:\n  - {type: page, from: ${'x'.repeat(255)}, to: /y}\n`)).toEqual([
      '2 redirects[0].from: at most 255 characters as the service stores it (`/` added)',
    ]);
  });

  it('takes an alias as the service does (Unicode letters, parts joined by `/`), refuses other characters and a child that is no slug', async () => {
    expect(
      await problems(
        'subprojects:\n  - {child: acme-api, alias: api/v2}\n  - {child: acme-cli, alias: "c l i"}\n  - {child: Acme Web}\n' +
          '  - {child: acme-fr, alias: données}\n  - {child: acme-x, alias: "api//x"}\n  - {child: acme-y, alias: "api/"}\n',
      ),
    ).toEqual([
      '3 subprojects[1].alias: an alias is letters (of any script), digits, `-` and `_`, in parts joined by single `/` (which needs a feature flag of the service), at most 255',
      '4 subprojects[2].child: a project slug: lowercase letters, digits, `-` and `_`',
      '6 subprojects[4].alias: an alias is letters (of any script), digits, `-` and `_`, in parts joined by single `/` (which needs a feature flag of the service), at most 255',
      '7 subprojects[5].alias: an alias is letters (of any script), digits, `-` and `_`, in parts joined by single `/` (which needs a feature flag of the service), at most 255',
    ]);
  });

  it('refuses the project fields the service refuses, each at its line; show_version_warning is a notice', async () => {
    const text = [
      'settings:',
      `  name: ${'n'.repeat(64)}`,
      `  analytics_code: ${'a'.repeat(51)}`,
      '  homepage: not a url',
      '  readthedocs_yaml_path: ../outside/.readthedocs.yaml',
      '  language: zh_TW',
      '  programming_language: rust',
      '',
    ].join('\n');
    expect(await problems(text)).toEqual([
      '2 settings.name: 64 characters: the service takes a name of at most 63',
      '3 settings.analytics_code: 51 characters: the service takes at most 50',
      '4 settings.homepage: an `http://` or `https://` URL (or empty for none)',
      '5 settings.readthedocs_yaml_path: `..` is refused: a path inside the repository, relative to its top',
      "6 settings.language: not one of the service's language codes (`en`, `de`, `pt-br`, `zh-cn`, … in lower case)",
      expect.stringMatching(/^7 settings\.programming_language: one of `c`, `coffee`, .*`words`$/),
    ]);
    for (const [path, why] of [
      ['/docs/.readthedocs.yaml', 'may not start with `/`'],
      ['docs/readthedocs.yml', 'must be named `.readthedocs.yaml`'],
      ['docs(1)/.readthedocs.yaml', '`(` is refused'],
      [`${'d/'.repeat(504)}.readthedocs.yaml`, 'at most 1024'],
    ]) {
      expect(await problems(`settings:\n  readthedocs_yaml_path: "${path}"\n`)).toEqual([expect.stringContaining(why)]);
    }
    expect(await problems(`settings:\n  homepage: https://example.org/${'x'.repeat(181)}\n`)).toEqual([
      '2 settings.homepage: 201 characters: the service takes at most 200',
    ]);
    const fine = await parseConfigFile(
      'cfg.yml',
      `settings:\n  name: ${'n'.repeat(63)}\n  homepage: "https://example.org/docs"\n  language: pt-br\n  programming_language: py\n` +
        '  readthedocs_yaml_path: "  docs/.readthedocs.yaml "\n  show_version_warning: true\n',
      ['acme'],
    );
    expect(fine.notices.map((n) => `${n.line} ${n.path}: ${n.message}`)).toEqual([
      '7 settings.show_version_warning: has no effect: the service accepts this key and does nothing with it, so it is not sent (remove it from the file)',
    ]);
  });

  it('with the Community base URL: refuses the Business-only keys, and more than 100 redirects', async () => {
    const text = [
      'settings:',
      '  privacy_level: private',
      '  external_builds_privacy_level: private',
      'versions:',
      '  v1: {privacy_level: private, hidden: true}',
      'redirects:',
      ...Array.from({ length: 101 }, (_, i) => `  - {type: page, from: /p${i}, to: /q${i}}`),
      '',
    ].join('\n');
    const community = await problems(text, ['acme'], 'community');
    expect(community).toEqual([
      '2 settings.privacy_level: Read the Docs for Business only (`base-url: https://app.readthedocs.com`): Read the Docs Community drops it',
      '3 settings.external_builds_privacy_level: Read the Docs for Business only (`base-url: https://app.readthedocs.com`): Read the Docs Community drops it',
      '5 versions.v1.privacy_level: Read the Docs for Business only (`base-url: https://app.readthedocs.com`): Read the Docs Community drops it',
      '6 redirects: 101 redirects: a Read the Docs Community project holds at most 100 (the limit), and the service refuses to create more (Read the Docs for Business has no such limit: `base-url: https://app.readthedocs.com`)',
    ]);
    const onBusiness = await parseConfigFile('cfg.yml', text, ['acme'], { edition: 'business' });
    expect(onBusiness.projects.get('acme')!.versions).toEqual({ v1: { privacy_level: 'private', hidden: true } });
    expect(onBusiness.warnings).toEqual([]);
    // Past 100 redirects: an error on Community and when the address names neither edition; Business has no limit.
    const redirectsOnly = text.slice(text.indexOf('redirects:'));
    const over = [
      '1 redirects: 101 redirects: a Read the Docs Community project holds at most 100 (the limit), and the service refuses to create more (Read the Docs for Business has no such limit: `base-url: https://app.readthedocs.com`)',
    ];
    expect(await problems(redirectsOnly, ['acme'], 'community')).toEqual(over);
    expect(await problems(redirectsOnly, ['acme'], 'unknown')).toEqual(over);
    expect((await parseConfigFile('cfg.yml', redirectsOnly, ['acme'], { edition: 'business' })).warnings).toEqual([]);
  });

  it('takes readthedocs_yaml_path (compared trimmed, as stored) and leaves out show_version_warning, which has no effect', async () => {
    const { projects } = await parseConfigFile(
      'cfg.yml',
      'settings:\n  readthedocs_yaml_path: docs/.readthedocs.yaml\n  show_version_warning: true\n',
      ['acme'],
    );
    expect(projects.get('acme')!.settings).toEqual({ readthedocs_yaml_path: 'docs/.readthedocs.yaml', show_version_warning: true });
    const plan = planProject('acme', projects.get('acme')!, state({ settings: { readthedocs_yaml_path: null } }), false);
    expect(plan.changes).toEqual([
      {
        kind: 'settings',
        action: 'update',
        fields: [{ field: 'readthedocs_yaml_path', old: null, new: 'docs/.readthedocs.yaml' }],
        body: { readthedocs_yaml_path: 'docs/.readthedocs.yaml' },
      },
    ]);
    const padded = (await parseConfigFile('cfg.yml', 'settings:\n  readthedocs_yaml_path: " docs/.readthedocs.yaml  "\n', ['acme']))
      .projects;
    const stored = state({ settings: { readthedocs_yaml_path: 'docs/.readthedocs.yaml' } });
    expect(planProject('acme', padded.get('acme')!, stored, false).changes).toEqual([]);
  });

  it('stops at 50 problems, counting the rest, on a file of 15,000 bad keys', async () => {
    const text = `versions:\n${Array.from({ length: 15_000 }, (_, i) => `  v${i}: {x: 1}\n`).join('')}`;
    try {
      await parseConfigFile('cfg.yml', text, ['acme']);
      expect.unreachable();
    } catch (error) {
      const { problems: shown, total, message } = error as ConfigFileError;
      expect(shown).toHaveLength(MAX_PROBLEMS_SHOWN);
      expect(total).toBe(15_000);
      expect(shown[0]).toMatchObject({ line: 2, path: 'versions.v0.x', message: 'unknown key `x`' });
      expect(shown[49]).toMatchObject({ line: 51, path: 'versions.v49.x' });
      expect(message.split('\n').at(-1)).toBe('… and 14950 more problems (the first 50 are shown)');
    }
  });

  it('refuses a file over the size limit before parsing it', async () => {
    expect(await problems(`# ${'x'.repeat(MAX_FILE_BYTES)}\n`)).toEqual([`1 : is larger than ${MAX_FILE_BYTES / 1024} KiB`]);
  });
});

/**
 * The service's ordering as FACTS.md tells it, written independently of the plan: "a create or a
 * position change shifts the others; a delete closes the gap by itself".
 */
function serviceOrder(start: CurrentRedirect[], changes: PlannedChange[]): string[] {
  const list = [...start].sort((a, b) => a.position - b.position).map((x) => redirectKey(x));
  const keyOf = new Map(start.map((x) => [x.pk, redirectKey(x)]));
  for (const change of changes) {
    if (change.kind !== 'redirect' || change.action === 'unmanaged') continue;
    if (change.action === 'delete') list.splice(list.indexOf(keyOf.get(change.pk)!), 1);
    else if (change.action === 'create' || change.action === 'update') {
      if (change.action === 'update') list.splice(list.indexOf(keyOf.get(change.pk)!), 1);
      list.splice(Math.min(change.at, list.length), 0, redirectKey(change.redirect));
    }
  }
  return list;
}

describe("plan: the fewest writes the service's ordering allows (issue 20)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => r(`/p${i}`));

  it('removing the first of 100 redirects is one delete; dropping it and adding one is a delete, then a create', () => {
    const current = state({ redirects: existing(hundred) });
    expect(summary({ redirects: hundred.slice(1) }, current, true)).toEqual(['delete redirect 10']);
    const plan = planProject('acme', { redirects: [...hundred.slice(1), r('/new')] }, current, true);
    expect(plan.changes).toEqual([
      { kind: 'redirect', action: 'delete', pk: 10, redirect: expect.objectContaining({ from: '/p0' }) },
      { kind: 'redirect', action: 'create', redirect: r('/new'), position: 99, at: 99 },
    ]);
  });

  it('moving the last redirect to the top is one update, not one per redirect it passes', () => {
    const current = state({ redirects: existing([r('/d'), r('/a'), r('/b'), r('/c')]) });
    expect(summary({ redirects: [r('/a'), r('/b'), r('/c'), r('/d')] }, current)).toEqual(['update redirect 10']);
  });

  it("any current list and file: the service ends with the file's order (unmanaged after), in exactly the fewest writes", () => {
    const pool = ['/a', '/b', '/c', '/d', '/e', '/f', '/g'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(pool),
        fc.shuffledSubarray(pool),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        fc.boolean(),
        (now, wanted, changed, prune) => {
          const current = existing(now.map((from) => r(from)));
          const desired = wanted.map((from, i) => r(from, changed[i] ? { http_status: 301 } : {}));
          const plan = planProject('acme', { redirects: desired }, state({ redirects: current }), prune);
          const unmanaged = prune ? [] : now.filter((from) => !wanted.includes(from));
          expect(serviceOrder(current, plan.changes)).toEqual([...desired, ...unmanaged.map((from) => r(from))].map(redirectKey));
          // The fewest: every create, delete and changed redirect, and every unchanged one outside
          // the longest run already in the file's order (before any unmanaged one).
          const kept = now.filter((from) => wanted.includes(from));
          const isChanged = (from: string) => changed[wanted.indexOf(from)] === true;
          const firstUnmanaged = now.findIndex((from) => !wanted.includes(from));
          const settled = (prune || firstUnmanaged < 0 ? now : now.slice(0, firstUnmanaged)).filter(
            (from) => wanted.includes(from) && !isChanged(from),
          );
          const creates = wanted.length - kept.length;
          const deletes = prune ? now.length - kept.length : 0;
          const unchanged = kept.filter((from) => !isChanged(from)).length;
          const moves = unchanged - longestIncreasing(settled.map((from) => wanted.indexOf(from))).length;
          expect(plan.changes.filter(isWrite)).toHaveLength(creates + deletes + (kept.length - unchanged) + moves);
          // Deletions come before every creation and update.
          const actions = plan.changes.filter(isWrite).map((c) => c.action);
          const firstWrite = actions.findIndex((action) => action !== 'delete');
          if (firstWrite >= 0) expect(actions.slice(firstWrite)).not.toContain('delete');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads a stored $rest redirect as its * / :splat spelling: left alone when unchanged, rewritten when changed', () => {
    const legacy: CurrentRedirect = { ...r('/en/v1/$rest'), type: 'exact', to: '/en/latest/', pk: 7, position: 0 };
    const modern = { ...r('/en/v1/*'), type: 'exact' as const, to: '/en/latest/:splat' };
    const untouched = planProject('acme', { redirects: [modern] }, state({ redirects: [legacy] }), true);
    expect(untouched.changes).toEqual([]);
    expect(untouched.legacy).toEqual([{ redirect: legacy, listed: true }]);
    const changed = planProject('acme', { redirects: [{ ...modern, http_status: 301 }] }, state({ redirects: [legacy] }), true);
    expect(changed.changes).toMatchObject([
      {
        action: 'update',
        pk: 7,
        redirect: { from: '/en/v1/*', to: '/en/latest/:splat' },
        fields: [{ field: 'http_status' }, { field: 'syntax' }],
      },
    ]);
    expect(changed.legacy).toEqual([]);
    expect(planProject('acme', { redirects: [] }, state({ redirects: [legacy] }), false).legacy).toEqual([
      { redirect: legacy, listed: false },
    ]);
  });
});

describe('plan: subprojects and settings the service keeps its own way (issue 20)', () => {
  it('renames an alias as a delete, then a create, with or without prune', () => {
    const current = state({ subprojects: [{ child: 'acme-api', alias: 'api' }] });
    const desired: DesiredProject = { subprojects: [{ child: 'acme-api', alias: 'reference' }] };
    for (const prune of [false, true]) {
      expect(planProject('acme', desired, current, prune).changes).toEqual([
        { kind: 'subproject', action: 'delete', child: 'acme-api', alias: 'api' },
        { kind: 'subproject', action: 'create', child: 'acme-api', alias: 'reference' },
      ]);
    }
    // Two children swapping aliases: both deletions first.
    const swap = state({
      subprojects: [
        { child: 'one', alias: 'x' },
        { child: 'two', alias: 'y' },
      ],
    });
    const swapped: DesiredProject = {
      subprojects: [
        { child: 'one', alias: 'y' },
        { child: 'two', alias: 'x' },
      ],
    };
    expect(summary(swapped, swap)).toEqual(['delete subproject', 'delete subproject', 'create subproject', 'create subproject']);
  });

  it("takes a connected repository's clone URL for the file's URL of the same repository", () => {
    for (const kept of ['https://github.com/acme/docs.git', 'git@github.com:acme/docs.git', 'https://GitHub.com/acme/docs/']) {
      expect(sameRepository(kept, 'https://github.com/acme/docs')).toBe(true);
    }
    expect(sameRepository('https://github.com/acme/docs.git', 'https://github.com/acme/other')).toBe(false);
    const current = state({ settings: { repository: { url: 'https://github.com/acme/docs.git', type: 'git' } } });
    expect(summary({ settings: { repository: { url: 'https://github.com/acme/docs', type: 'git' } } }, current)).toEqual([]);
  });

  it("compares and patches a version's privacy_level", () => {
    const plan = planProject(
      'acme',
      { versions: { v1: { privacy_level: 'private' } } },
      state({ versions: { v1: { active: true, hidden: false, privacy_level: 'public' } } }),
      false,
    );
    expect(plan.changes).toEqual([
      {
        kind: 'version',
        action: 'update',
        slug: 'v1',
        fields: [{ field: 'privacy_level', old: 'public', new: 'private' }],
        body: { privacy_level: 'private' },
      },
    ]);
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

describe('preflight: what the service would refuse part-way (issue 29)', () => {
  const redirect = (i: number, pk = i + 1): CurrentRedirect => ({
    pk,
    position: i,
    type: 'page',
    from: `/p${i}`,
    to: `/q${i}`,
    http_status: 302,
    force: false,
    enabled: true,
    description: '',
  });
  const listed = (names: string[]): DesiredProject => ({
    redirects: names.map((from) => ({ type: 'page', from, to: '/t', http_status: 302, force: false, enabled: true, description: '' })),
  });
  const refusals = (desired: DesiredProject, current: CurrentState, prune: boolean, edition: Edition = 'unknown') =>
    preflight(planProject('acme', desired, current, prune), desired, current, edition).map((r) => `${r.path.join('.')}: ${r.message}`);

  it('counts the redirects the plan ends with, deletions first; Business has no limit', () => {
    const current = state({ redirects: Array.from({ length: 98 }, (_, i) => redirect(i)) });
    const four = listed(['/a1', '/a2', '/a3', '/a4']);
    expect(refusals(four, current, false, 'community')).toEqual([
      expect.stringMatching(/^redirects: the plan would leave the project with 102 redirects/),
    ]);
    expect(refusals(four, current, false, 'unknown')).toHaveLength(1);
    expect(refusals(four, current, false, 'business')).toEqual([]);
    // With prune the 98 go first: 4 left.
    expect(refusals(four, current, true, 'community')).toEqual([]);
    // Past 100 already, but nothing created: the service refuses nothing.
    const full = state({ redirects: Array.from({ length: 105 }, (_, i) => redirect(i)) });
    const same: DesiredProject = { redirects: [{ ...redirect(0), description: 'changed' }].map(({ pk: _, position: __, ...r }) => r) };
    expect(refusals(same, full, false, 'community')).toEqual([]);
  });

  it("refuses the default version's deactivation: the service's, or the one the file sets", () => {
    const versions = { v1: { active: true, hidden: false }, v2: { active: true, hidden: false } };
    const current = state({ settings: { default_version: 'v1' }, versions });
    expect(refusals({ versions: { v1: { active: false } } }, current, false)).toEqual([
      expect.stringMatching(/^versions\.v1\.active: `v1` is the project's default version/),
    ]);
    expect(refusals({ versions: { v1: { active: false } }, settings: { default_version: 'v2' } }, current, false)).toEqual([]);
    expect(refusals({ versions: { v2: { active: false } }, settings: { default_version: 'v2' } }, current, false)).toHaveLength(1);
    expect(refusals({ versions: { v1: { hidden: true } } }, current, false)).toEqual([]);
  });

  it('says what the root then does (FACTS, Versions): multi-version serves latest quietly; single-version answers 404', () => {
    const versions = { v1: { active: true, hidden: false } };
    const deactivate = { versions: { v1: { active: false } } };
    const multi = state({ settings: { default_version: 'v1', versioning_scheme: 'multiple_versions_with_translations' }, versions });
    expect(refusals(deactivate, multi, false)[0]).toContain(
      "deletes its docs (the docs root then quietly serves `latest` instead, and the default version's own URL answers 404)",
    );
    const single = state({ settings: { default_version: 'v1', versioning_scheme: 'single_version_without_translations' }, versions });
    expect(refusals(deactivate, single, false)[0]).toContain('deletes its docs (the docs root then answers 404)');
    // The file may set the scheme in the same run.
    const becomingSingle = { ...deactivate, settings: { versioning_scheme: 'single_version_without_translations' as const } };
    expect(refusals(becomingSingle, multi, false)[0]).toContain('(the docs root then answers 404)');
  });

  it("keeps the default version out of the policy's deactivations, and says why", () => {
    const tags = ['v1.0.0', 'v1.0.1'].map((slug) => ({ slug, type: 'tag', verboseName: slug, active: true, hidden: false }));
    const current = state({ settings: { default_version: 'v1.0.0' }, versionList: tags });
    const plan = planProject('acme', { versionPolicy: { active: 'latest-patch' } }, current, true);
    expect(plan.changes).toEqual([]);
    expect(plan.kept).toEqual([
      { slug: 'v1.0.0', policy: 'older patch of 1.0', reason: expect.stringContaining("the project's default version") },
    ]);
  });

  it('takes `zh` for a project that has it (nothing sent), and refuses setting it', () => {
    const desired: DesiredProject = { settings: { language: 'zh' } };
    expect(refusals(desired, state({ settings: { language: 'zh' } }), false)).toEqual([]);
    expect(refusals(desired, state({ settings: { language: 'en' } }), false)).toEqual([
      'settings.language: `zh` is no longer taken by the service (projects that have it keep it): `zh-cn` or `zh-tw`',
    ]);
  });

  it('refuses a new alias with `/` unless the project shows the flag (an alias with `/` already)', () => {
    const desired: DesiredProject = { subprojects: [{ child: 'acme-py', alias: 'api/python' }] };
    expect(refusals(desired, state(), false)).toEqual([
      expect.stringMatching(/^subprojects\.0\.alias: `\/` in an alias needs a feature flag/),
    ]);
    expect(refusals(desired, state({ subprojects: [{ child: 'acme-js', alias: 'api/js' }] }), false)).toEqual([]);
  });
});
