// The response schemas against the service's own test responses: the maintainers' fixtures, read
// from beside the clone when present. A contributor's clone skips them, and says so once: in the
// suite's name and on one line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BuildSchema,
  EnvironmentVariableSchema,
  NotificationSchema,
  ProjectSchema,
  ProjectSettingsSchema,
  RedirectSchema,
  SearchResponseSchema,
  SubprojectSchema,
  SyncVersionsSchema,
  TriggerSchema,
  VersionSchema,
  describeErrorBody,
  paginated,
} from '../src/readthedocs/schemas.js';
import { ROOT } from '../harness/action-metadata.ts';

const FIXTURES = join(ROOT, '../shared/rtd-api/fixtures');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));

const CASES: [string, { safeParse(data: unknown): { success: boolean; error?: unknown } }][] = [
  ['projects-builds-detail.json', BuildSchema],
  ['derived/projects-builds-detail-in-progress.json', BuildSchema],
  ['derived/projects-builds-detail-failed.json', BuildSchema],
  ['derived/projects-builds-detail-cancelled-before-start.json', BuildSchema],
  ['projects-builds-list.json', paginated(BuildSchema)],
  ['projects-versions-detail.json', VersionSchema],
  ['projects-detail.json', ProjectSchema],
  ['projects-list.json', paginated(ProjectSchema)],
  ['projects-list_POST.json', ProjectSchema],
  ['projects-superproject.json', ProjectSchema],
  ['projects-subprojects-list.json', paginated(SubprojectSchema)],
  ['projects-subprojects-detail.json', SubprojectSchema],
  ['projects-subprojects-list_POST.json', SubprojectSchema],
  ['projects-detail.json', ProjectSettingsSchema],
  ['projects-list_POST.json', ProjectSettingsSchema],
  ['projects-redirects-list.json', paginated(RedirectSchema)],
  ['projects-redirects-detail.json', RedirectSchema],
  ['projects-redirects-detail_PUT.json', RedirectSchema],
  ['projects-redirects-list_POST.json', RedirectSchema],
  ['projects-builds-notifications-list.json', paginated(NotificationSchema)],
  ['projects-builds-notifications-detail.json', NotificationSchema],
  ['projects-notifications-list.json', paginated(NotificationSchema)],
  ['projects-environmentvariables-list.json', paginated(EnvironmentVariableSchema)],
  ['projects-environmentvariables-detail.json', EnvironmentVariableSchema],
  ['projects-environmentvariables-list_POST.json', EnvironmentVariableSchema],
  ['projects-sync-versions.json', SyncVersionsSchema],
  ['derived/projects-sync-versions-400.json', SyncVersionsSchema],
  ['projects-versions-builds-list_POST.json', TriggerSchema],
  ['derived/projects-versions-builds-list_POST-400-not-triggered.json', TriggerSchema],
  ['projects-list-empty.json', paginated(BuildSchema)],
  ['search-v3/readthedocs-search.json', SearchResponseSchema],
  ['derived/search-200-no-projects.json', SearchResponseSchema],
];

const HAVE_FIXTURES = existsSync(FIXTURES);
/** The other tests of the suite below, beside one per case. */
const MORE_TESTS = 5;
// A contributor's clone never has them: nothing to fetch or fix. The stand-in's tests cover the same shapes.
const SKIPPED = `${CASES.length + MORE_TESTS} contract tests skipped: they check the schemas against the maintainers' fixtures (responses recorded from the service, kept outside the repository and never committed); nothing is missing from your clone`;
// Tests may print (Biome bans console in src/ only): vitest shows this line once, under the file's name.
if (!HAVE_FIXTURES) console.warn(`test/contract-fixtures.test.ts: ${SKIPPED}`);

describe.skipIf(!HAVE_FIXTURES)(
  HAVE_FIXTURES ? 'schemas accept the service’s own responses' : `schemas accept the service’s own responses (${SKIPPED})`,
  () => {
    for (const [name, schema] of CASES) {
      it(name, () => {
        const parsed = schema.safeParse(fixture(name));
        expect(parsed.error).toBeUndefined();
        expect(parsed.success).toBe(true);
      });
    }

    it('the build inside a 202 trigger answer is a build', () => {
      const body = fixture('projects-versions-builds-list_POST.json') as { build: unknown };
      expect(BuildSchema.safeParse(body.build).success).toBe(true);
    });

    it("the project's `permissions` (`?expand=permissions`) and a version's `ref` and `aliases` are read", () => {
      expect(ProjectSchema.parse(fixture('projects-detail.json')).permissions).toEqual({ admin: true });
      const version = VersionSchema.parse(fixture('projects-versions-detail.json'));
      expect([version.ref, version.aliases]).toEqual([null, []]);
      // An alias is a whole version: its slug and name are what is kept.
      const aliased = VersionSchema.parse({
        ...(fixture('projects-versions-detail.json') as object),
        aliases: [fixture('projects-versions-detail.json'), 7],
      });
      expect(aliased.aliases).toEqual([{ slug: 'v1.0', verbose_name: 'v1.0', type: 'tag' }]);
    });

    it('the placeholder build of a refused trigger is not taken for a build', () => {
      const body = fixture('derived/projects-versions-builds-list_POST-400-not-triggered.json') as { build: unknown };
      expect(BuildSchema.safeParse(body.build).success).toBe(false);
    });

    it('a build missing its state is refused, naming the field', () => {
      const body = fixture('projects-builds-detail.json') as Record<string, unknown>;
      const parsed = BuildSchema.safeParse({ ...body, state: undefined });
      expect(parsed.success).toBe(false);
    });

    it('every derived error body has a readable description', () => {
      for (const name of [
        'derived/error-401-invalid-token.json',
        'derived/error-403-permission-denied.json',
        'derived/error-404-project.json',
        'derived/error-429-throttled.json',
        'derived/projects-environmentvariables-list_POST-400-total-size.json',
        'derived/projects-environmentvariables-list_POST-400-value-too-long.json',
        'derived/projects-redirects-list_POST-400-validation.json',
        'derived/search-400-missing-q.json',
        'derived/embed-400-missing-url.json',
      ]) {
        const text = describeErrorBody(fixture(name));
        expect(text, name).toBeTruthy();
        expect(text, name).not.toContain('[object Object]');
      }
    });
  },
);
