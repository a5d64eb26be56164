// The stand-in's project PATCH, redirects and subprojects, over real HTTP, shaped as the fixtures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProjectSettingsSchema, RedirectSchema, SubprojectSchema, paginated } from '../src/service/schemas.js';
import { startStandin, type Standin } from '../harness/rtd-standin.ts';

let s: Standin;
beforeEach(async () => {
  s = await startStandin({ rateLimit: null });
  s.addProject({ slug: 'acme' });
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
