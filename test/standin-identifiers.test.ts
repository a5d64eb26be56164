// The stand-in's version `identifier` over real HTTP: FACTS.md (Versions) "`identifier` is the
// branch name for branches, the commit for tags, the head commit for PR versions". A branch build
// checks out the branch's head as the stand-in's model of the repository knows it: the seed's,
// then each push's.
import { afterEach, describe, expect, it } from 'vitest';
import { startStandin } from '../harness/rtd-standin.ts';
import type { Standin } from '../harness/rtd-standin.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
let t = Date.parse('2026-11-28T08:00:00Z');
const now = () => t;
let open: Standin[] = [];
afterEach(async () => {
  await Promise.all(open.map((s) => s.close()));
  open = [];
});

async function standin(): Promise<Standin> {
  const s = await startStandin({ now, rateLimit: null });
  open.push(s);
  s.addProject({
    slug: 'proj',
    versions: [
      { slug: 'release-1.x', verboseName: 'release/1.x', identifier: A },
      { slug: 'v1.0', type: 'tag', identifier: B },
    ],
  });
  return s;
}

async function call(s: Standin, method: string, path: string): Promise<any> {
  const res = await fetch(`${s.url}${path}`, { method, headers: { authorization: 'Token test-token' } });
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

const v3 = (s: Standin, slug: string) => call(s, 'GET', `/api/v3/projects/proj/versions/${slug}/`);

/** Triggers a build of `slug` through API v3 and lets it finish; its commit. */
async function builtCommit(s: Standin, slug: string): Promise<string> {
  const id = (await call(s, 'POST', `/api/v3/projects/proj/versions/${slug}/builds/`)).build.id;
  t += 60_000;
  return (await call(s, 'GET', `/api/v3/projects/proj/builds/${id}/`)).commit;
}

describe('version identifiers', () => {
  it("a branch's is its name (in the list, the detail and API v2), a tag's its commit; a branch build checks out the seeded head", async () => {
    const s = await standin();
    expect(await v3(s, 'release-1.x')).toMatchObject({ identifier: 'release/1.x', type: 'branch' });
    expect(await v3(s, 'v1.0')).toMatchObject({ identifier: B, type: 'tag' });
    expect(await v3(s, 'latest')).toMatchObject({ identifier: 'main', type: 'branch' });
    const list = await call(s, 'GET', '/api/v3/projects/proj/versions/');
    expect(list.results.find((v: any) => v.slug === 'release-1.x').identifier).toBe('release/1.x');
    const { id } = await v3(s, 'release-1.x');
    expect((await call(s, 'GET', `/api/v2/version/${id}/`)).identifier).toBe('release/1.x');

    expect(await builtCommit(s, 'release-1.x')).toBe(A);
    // A successful build leaves the branch's identifier its name.
    expect((await v3(s, 'release-1.x')).identifier).toBe('release/1.x');
  });

  it("a push moves the branch's head, built by later triggers, even when no rule let the push build", async () => {
    const s = await standin();
    s.addAutomationRule('proj', { versionTypes: ['branch'], commitMessage: '^release' });
    expect(s.push('proj', 'release/1.x', { commit: C, message: 'fix a typo' })).toBeNull();
    expect((await v3(s, 'release-1.x')).identifier).toBe('release/1.x');
    expect(await builtCommit(s, 'release-1.x')).toBe(C);
  });

  it("a new branch's version (a merge queue's) shows its name, and its activation builds the branch's head", async () => {
    const s = await standin();
    const branch = `gh-readonly-queue/main/pr-42-${A}`;
    const slug = s.branchCreated('proj', branch, C);
    expect(await v3(s, slug)).toMatchObject({ identifier: branch, active: false });
    const res = await fetch(`${s.url}/api/v3/projects/proj/versions/${slug}/`, {
      method: 'PATCH',
      headers: { authorization: 'Token test-token', 'content-type': 'application/json' },
      body: JSON.stringify({ active: true }),
    });
    expect(res.status).toBe(204);
    t += 60_000;
    expect(s.builds('proj').filter((b) => b.version === slug)).toMatchObject([{ commit: C, state: 'finished', success: true }]);
  });
});
