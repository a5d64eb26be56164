// The stand-in's project PATCH, redirects, subprojects and version PATCH, over real HTTP, shaped as
// the fixtures, with the rules FACTS.md lists under "Rules the service enforces on writes".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectSettingsSchema, RedirectSchema, SubprojectSchema, paginated } from '../src/readthedocs/schemas.js';
import { startStandin, type Standin } from '../harness/rtd-standin.ts';

let s: Standin;
beforeEach(async () => {
  s = await startStandin({ rateLimit: null });
  s.addProject({ slug: 'acme', plan: 'business' });
  s.addProject({ slug: 'child' });
});
afterEach(async () => {
  await s.close();
});

async function call(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { authorization: 'Token test-token', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const P = '/api/v3/projects/acme';

describe('stand-in: project PATCH', () => {
  it('answers 204, shows the comparable fields, keeps the write-only ones hidden, and refuses bad values', async () => {
    const patch = await call(`${P}/`, 'PATCH', {
      name: 'Acme Docs',
      homepage: 'https://acme.example.org',
      tags: ['docs', 'python'],
      default_version: 'stable',
      default_branch: 'develop',
      versioning_scheme: 'multiple_versions_without_translations',
      language: 'es',
      programming_language: 'py',
      repository: { url: 'https://github.com/acme/docs', type: 'git' },
      privacy_level: 'public',
      external_builds_privacy_level: 'private',
      analytics_code: 'UA-1',
      analytics_disabled: true,
      external_builds_enabled: true,
    });
    expect(patch).toEqual({ status: 204, body: undefined });
    const { body } = await call(`${P}/`);
    expect(ProjectSettingsSchema.parse(body)).toMatchObject({
      name: 'Acme Docs',
      homepage: 'https://acme.example.org',
      tags: ['docs', 'python'],
      default_version: 'stable',
      default_branch: 'develop',
      versioning_scheme: 'multiple_versions_without_translations',
      language: { code: 'es' },
      programming_language: { code: 'py' },
      repository: { url: 'https://github.com/acme/docs', type: 'git' },
      external_builds_privacy_level: 'private',
    });
    for (const key of ['analytics_code', 'analytics_disabled', 'external_builds_enabled']) expect(body).not.toHaveProperty(key);
    expect((await call(`${P}/`, 'PATCH', { versioning_scheme: 'nope' })).status).toBe(400);
    expect((await call(`${P}/`, 'PATCH', { tags: 'docs' })).status).toBe(400);
  });

  it("refuses the service's field rules with its error shapes, and stores readthedocs_yaml_path trimmed", async () => {
    const refused = await call(`${P}/`, 'PATCH', {
      name: 'n'.repeat(64),
      analytics_code: 'a'.repeat(51),
      homepage: 'not a url',
      language: 'xx',
      programming_language: 'rust',
      readthedocs_yaml_path: '../outside/.readthedocs.yaml',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      name: ['Ensure this field has no more than 63 characters.'],
      analytics_code: ['Ensure this field has no more than 50 characters.'],
      homepage: ['Enter a valid URL.'],
      language: ['"xx" is not a valid choice.'],
      programming_language: ['"rust" is not a valid choice.'],
      readthedocs_yaml_path: ["Found invalid sequence in path: '..'"],
    });
    expect((await call(`${P}/`, 'PATCH', { homepage: `https://example.org/${'x'.repeat(181)}` })).body).toEqual({
      homepage: ['Ensure this field has no more than 200 characters.'],
    });
    for (const path of ['/docs/.readthedocs.yaml', 'docs/', 'docs/readthedocs.yml', 'a,b/.readthedocs.yaml']) {
      expect((await call(`${P}/`, 'PATCH', { readthedocs_yaml_path: path })).body).toHaveProperty('readthedocs_yaml_path');
    }
    expect((await call(`${P}/`, 'PATCH', { readthedocs_yaml_path: '  docs/.readthedocs.yaml ', language: 'pt-br' })).status).toBe(204);
    expect((await call(`${P}/`)).body).toMatchObject({ readthedocs_yaml_path: 'docs/.readthedocs.yaml', language: { code: 'pt-br' } });
    expect((await call(`${P}/`, 'PATCH', { readthedocs_yaml_path: '  ' })).status).toBe(204);
    expect((await call(`${P}/`)).body.readthedocs_yaml_path).toBeNull();
  });
});

describe('stand-in: redirects', () => {
  it('creates at a position, re-orders on PUT, renumbers on delete, and pages the list', async () => {
    const a = await call(`${P}/redirects/`, 'POST', { type: 'page', from_url: '/a', to_url: '/b' });
    expect(a.status).toBe(201);
    expect(RedirectSchema.parse(a.body)).toMatchObject({ position: 0, http_status: 302, enabled: true, force: false });
    await call(`${P}/redirects/`, 'POST', { type: 'clean_url_to_html' });
    const c = await call(`${P}/redirects/`, 'POST', { type: 'exact', from_url: '/c', to_url: '/d', http_status: 301, position: 0 });
    const order = () => s.redirects('acme').map((r) => `${r.type}:${r.position}`);
    expect(order()).toEqual(['exact:0', 'page:1', 'clean_url_to_html:2']);
    const put = await call(`${P}/redirects/${c.body.pk}/`, 'PUT', {
      type: 'exact',
      from_url: '/c',
      to_url: '/d',
      http_status: 302,
      position: 2,
    });
    expect(put.status).toBe(200);
    expect(order()).toEqual(['page:0', 'clean_url_to_html:1', 'exact:2']);
    expect((await call(`${P}/redirects/${a.body.pk}/`, 'DELETE')).status).toBe(204);
    expect(order()).toEqual(['clean_url_to_html:0', 'exact:1']);
    const page = await call(`${P}/redirects/?limit=1`);
    expect(paginated(RedirectSchema).parse(page.body).results).toHaveLength(1);
    expect(page.body.next).toContain('offset=1');
    expect((await call(`${P}/redirects/`, 'POST', { type: 'page', from_url: '/x' })).status).toBe(400);
    expect((await call(`${P}/redirects/`, 'POST', { type: 'page', from_url: '/x', to_url: '/y', http_status: 307 })).status).toBe(400);
  });
});

describe('stand-in: subprojects', () => {
  it('creates with an alias, refuses a taken alias, deletes by alias', async () => {
    const created = await call(`${P}/subprojects/`, 'POST', { child: 'child', alias: 'api' });
    expect(created.status).toBe(201);
    expect(SubprojectSchema.parse(created.body)).toEqual({ alias: 'api', child: { slug: 'child' } });
    expect((await call(`${P}/subprojects/`, 'POST', { child: 'child', alias: 'api' })).status).toBe(400);
    expect((await call(`${P}/subprojects/api/`)).status).toBe(200);
    expect((await call(`${P}/subprojects/api/`, 'DELETE')).status).toBe(204);
    expect((await call(`${P}/subprojects/`)).body.count).toBe(0);
    expect((await call(`${P}/subprojects/api/`, 'DELETE')).status).toBe(404);
  });
});

const PC = '/api/v3/projects/child';

describe('stand-in: project PATCH keeps what the service keeps', () => {
  it('on Community, drops the two privacy keys without an error; unknown keys are ignored', async () => {
    const patch = await call(`${PC}/`, 'PATCH', {
      privacy_level: 'private',
      external_builds_privacy_level: 'private',
      no_such_key: 'x',
      name: 'Child',
    });
    expect(patch.status).toBe(204);
    const { body } = await call(`${PC}/`);
    expect(body).toMatchObject({ name: 'Child', privacy_level: 'public', external_builds_privacy_level: 'public' });
    expect(body).not.toHaveProperty('no_such_key');
  });

  it('a connected repository: its clone URL replaces `repository.url`; public, it forces public PR builds', async () => {
    s.addProject({
      slug: 'linked',
      plan: 'business',
      remoteRepository: { cloneUrl: 'https://github.com/acme/linked.git', defaultBranch: 'trunk' },
      defaultBranch: null,
    });
    const L = '/api/v3/projects/linked';
    expect((await call(`${L}/`)).body.default_branch).toBe('trunk');
    expect(
      (
        await call(`${L}/`, 'PATCH', {
          repository: { url: 'https://gitlab.com/other/repo', type: 'git' },
          external_builds_privacy_level: 'private',
        })
      ).status,
    ).toBe(204);
    const { body } = await call(`${L}/`);
    expect(body.repository.url).toBe('https://github.com/acme/linked.git');
    expect(body.external_builds_privacy_level).toBe('public');
  });

  it('`default_branch` falls back to `master` when none is set; readthedocs_yaml_path is kept; write-only keys never shown', async () => {
    expect(
      (await call(`${P}/`, 'PATCH', { default_branch: null, readthedocs_yaml_path: 'docs/.readthedocs.yaml', show_version_warning: true }))
        .status,
    ).toBe(204);
    const { body } = await call(`${P}/`);
    expect(body.default_branch).toBe('master');
    expect(body.readthedocs_yaml_path).toBe('docs/.readthedocs.yaml');
    expect(body).not.toHaveProperty('show_version_warning');
  });
});

describe('stand-in: redirects as the service saves and refuses them', () => {
  it('normalises on save: from loses its trailing /, one leading / on both, absolute to kept, trimmed', async () => {
    const made = await call(`${P}/redirects/`, 'POST', {
      type: 'page',
      from_url: ' docs/ ',
      to_url: '//guide/intro.html',
      description: ' d ',
    });
    expect(made.body).toMatchObject({ from_url: '/docs', to_url: '/guide/intro.html', description: 'd' });
    const absolute = await call(`${P}/redirects/`, 'POST', { type: 'exact', from_url: '/a/*', to_url: 'https://example.org/:splat' });
    expect(absolute.body).toMatchObject({ from_url: '/a/*', to_url: 'https://example.org/:splat' });
    const clean = await call(`${P}/redirects/`, 'POST', { type: 'clean_url_to_html', from_url: '/x', to_url: '/y' });
    expect(clean.body).toMatchObject({ from_url: '', to_url: '' });
  });

  it('refuses $rest, an inner *, :splat without *, a second clean_url_to_html and fields over 255, as a bare list; PUT too', async () => {
    const refused = async (body: Record<string, unknown>, path = `${P}/redirects/`, method = 'POST') => {
      const answer = await call(path, method, body);
      expect(answer.status).toBe(400);
      expect(Array.isArray(answer.body)).toBe(true);
      return answer.body[0] as string;
    };
    expect(await refused({ type: 'exact', from_url: '/en/v1/$rest', to_url: '/en/latest/' })).toContain('$rest');
    expect(await refused({ type: 'page', from_url: '/a/*/b', to_url: '/c' })).toContain('wildcard');
    expect(await refused({ type: 'exact', from_url: '/a/', to_url: '/b/:splat' })).toContain(':splat');
    expect(await refused({ type: 'page', from_url: `/${'a'.repeat(255)}`, to_url: '/b' })).toContain('255');
    expect(await refused({ type: 'page', from_url: '/a', to_url: '/b', description: 'd'.repeat(256) })).toContain('255');
    expect((await call(`${P}/redirects/`, 'POST', { type: 'clean_url_to_html' })).status).toBe(201);
    expect(await refused({ type: 'clean_url_to_html' })).toContain('Only one');
    const page = await call(`${P}/redirects/`, 'POST', { type: 'page', from_url: '/a', to_url: '/b' });
    expect(await refused({ type: 'page', from_url: '/a/$rest', to_url: '/b' }, `${P}/redirects/${page.body.pk}/`, 'PUT')).toContain(
      '$rest',
    );
    const clean = s.redirects('acme').find((r) => r.type === 'clean_url_to_html')!;
    expect((await call(`${P}/redirects/${clean.pk}/`, 'PUT', { type: 'clean_url_to_html', force: true })).status).toBe(200);
    expect(s.redirects('acme')).toHaveLength(2);
  });

  it('a Community project holds 100 redirects: the 101st create is refused until one is deleted, which closes the gap', async () => {
    for (let i = 0; i < 100; i += 1) s.addRedirect('child', { type: 'page', from_url: `/p${i}`, to_url: `/q${i}` });
    const refused = await call(`${PC}/redirects/`, 'POST', { type: 'page', from_url: '/new', to_url: '/newer' });
    expect(refused.status).toBe(400);
    expect(Array.isArray(refused.body)).toBe(true);
    const first = s.redirects('child')[0]!;
    expect((await call(`${PC}/redirects/${first.pk}/`, 'DELETE')).status).toBe(204);
    expect(s.redirects('child').map((r) => r.position)).toEqual([...Array(99).keys()]);
    expect((await call(`${PC}/redirects/`, 'POST', { type: 'page', from_url: '/new', to_url: '/newer' })).status).toBe(201);
    // Business has no such limit in the stand-in.
    for (let i = 0; i < 100; i += 1) s.addRedirect('acme', { type: 'page', from_url: `/p${i}`, to_url: `/q${i}` });
    expect((await call(`${P}/redirects/`, 'POST', { type: 'page', from_url: '/new', to_url: '/newer' })).status).toBe(201);
  });
});

describe('stand-in: subproject candidates', () => {
  it('refuses a child that is a subproject of anyone, a parent, or the parent itself; a nested parent; a / in the alias', async () => {
    s.addProject({ slug: 'other' });
    s.addProject({ slug: 'leaf' });
    s.addSubproject('other', 'leaf', 'leaf');
    const notValid = async (parent: string, body: Record<string, unknown>) => {
      const answer = await call(`/api/v3/projects/${parent}/subprojects/`, 'POST', body);
      expect(answer.status).toBe(400);
      return JSON.stringify(answer.body);
    };
    expect(await notValid('acme', { child: 'leaf', alias: 'leaf' })).toContain('is not valid as subproject');
    expect(await notValid('acme', { child: 'other' })).toContain('is not valid as subproject');
    expect(await notValid('acme', { child: 'acme' })).toContain('is not valid as subproject');
    expect(await notValid('leaf', { child: 'child' })).toContain('nesting');
    expect(await notValid('acme', { child: 'child', alias: 'api/v2' })).toContain('non_field_errors":["Aliases can\'t contain slashes.');
    expect(await notValid('acme', { child: 'child', alias: 'a b' })).toContain('alias');
    expect(await notValid('acme', { child: 'child', alias: 'api/' })).toContain('alias');
    // So an alias rename is a delete, then a create.
    expect((await call(`${P}/subprojects/`, 'POST', { child: 'child', alias: 'api' })).status).toBe(201);
    expect(await notValid('acme', { child: 'child', alias: 'api2' })).toContain('is not valid as subproject');
    expect((await call(`${P}/subprojects/api/`, 'DELETE')).status).toBe(204);
    // Unicode `\w`: letters of any script are an alias.
    expect((await call(`${P}/subprojects/`, 'POST', { child: 'child', alias: 'données_api' })).status).toBe(201);
  });
});

describe('stand-in: version PATCH', () => {
  it('takes active and hidden, and privacy_level on Business only', async () => {
    s.addVersion('acme', { slug: 'v1' });
    s.addVersion('child', { slug: 'v1' });
    expect((await call(`${P}/versions/v1/`, 'PATCH', { hidden: true, privacy_level: 'private' })).status).toBe(204);
    expect((await call(`${PC}/versions/v1/`, 'PATCH', { hidden: true, privacy_level: 'private' })).status).toBe(204);
    expect((await call(`${P}/versions/v1/`)).body).toMatchObject({ hidden: true, privacy_level: 'private' });
    expect((await call(`${PC}/versions/v1/`)).body).toMatchObject({ hidden: true, privacy_level: 'public' });
  });

  it('the list at limit=100 gives every version whole: 300 versions in 3 pages', async () => {
    for (let i = 0; i < 299; i += 1) s.addVersion('acme', { slug: `v${i}`, hidden: i % 2 === 0 });
    const first = await call(`${P}/versions/?limit=100`);
    expect(first.body.count).toBe(300);
    expect(first.body.results).toHaveLength(100);
    expect(first.body.results[1]).toMatchObject({ slug: 'v0', active: true, hidden: true, privacy_level: 'public' });
    const follow = (next: string) => call(next.slice(s.url.length));
    const second = await follow(first.body.next);
    const third = await follow(second.body.next);
    expect(third.body.next).toBeNull();
    expect(third.body.results).toHaveLength(100);
  });
});
