import { rootWithoutDefault } from '../shared/versions/docs-root.js';
import { COMMUNITY_REDIRECT_LIMIT, type Edition } from '../shared/project-file/edition.js';
import type { Segment } from '../shared/project-file/file-rules.js';
import type { DesiredProject } from '../shared/project-file/model.js';
import { LEGACY_LANGUAGE } from '../shared/project-file/service-choices.js';
import { defaultVersionOf, type CurrentState, type ProjectPlan } from '../shared/project-file/plan.js';

/** What the service would refuse part-way through the plan, at a key of the project's entry. */
export interface Refusal {
  path: Segment[];
  message: string;
}

/**
 * What the service would refuse once some of the plan is written, found from its state before any
 * write (FACTS.md, "Versions" and "Rules the service enforces on writes"), so that a plan that is
 * green on the pull request does not fail part-way on the push and leave the project half changed.
 * Pure; an empty list lets the plan go ahead.
 */
export function preflight(plan: ProjectPlan, desired: DesiredProject, current: CurrentState, edition: Edition): Refusal[] {
  return [
    ...defaultVersionRefusals(desired, current),
    ...legacyLanguageRefusals(plan),
    ...redirectLimitRefusals(plan, current, edition),
    ...aliasRefusals(plan, desired, current),
  ];
}

/**
 * FACTS: "`language` and `programming_language` one of the service's choices": `zh` is no longer
 * one, though older projects keep it. The file may say `zh` for a project that has it (nothing is
 * sent); setting it is refused.
 */
function legacyLanguageRefusals(plan: ProjectPlan): Refusal[] {
  const sends = plan.changes.some((c) => c.kind === 'settings' && c.body.language === LEGACY_LANGUAGE);
  if (!sends) return [];
  return [
    {
      path: ['settings', 'language'],
      message: `\`${LEGACY_LANGUAGE}\` is no longer taken by the service (projects that have it keep it): \`zh-cn\` or \`zh-tw\``,
    },
  ];
}

/**
 * FACTS: "The API lets any version be deactivated, the project's `default_version` included (the
 * dashboard refuses that one: "it should be active")"; then "on a multi-version project an inactive
 * [...] default version makes the root quietly serve `latest` while `/{lang}/{default}/` answers
 * 404; single-version projects (and a default of `latest`) answer 404." (docs-root.ts says which.)
 */
function defaultVersionRefusals(desired: DesiredProject, current: CurrentState): Refusal[] {
  const defaultVersion = defaultVersionOf(desired, current);
  if (defaultVersion === undefined || desired.versions?.[defaultVersion]?.active !== false) return [];
  const scheme = desired.settings?.versioning_scheme ?? current.settings.versioning_scheme;
  const root =
    rootWithoutDefault({ versioningScheme: typeof scheme === 'string' ? scheme : undefined }, defaultVersion).serves === 'nothing'
      ? 'the docs root then answers 404'
      : `the docs root then quietly serves \`latest\` instead, and the default version's own URL answers 404`;
  return [
    {
      path: ['versions', defaultVersion, 'active'],
      message:
        `\`${defaultVersion}\` is the project's default version (\`default_version\`): deactivating it deletes its docs (${root}), ` +
        'and the dashboard refuses it. Set another `default_version` first (in `settings:`, or in a run before this one), or drop `active: false`',
    },
  ];
}

/**
 * FACTS: "Community projects may hold 100 redirects (disabled ones count): a create is refused while
 * the project has 100 [...] a plan that would end above 100 fails part-way. Business plans differ."
 * The plan deletes before it creates, so the most it holds is what it ends with.
 */
function redirectLimitRefusals(plan: ProjectPlan, current: CurrentState, edition: Edition): Refusal[] {
  if (edition === 'business') return [];
  let creates = 0;
  let deletes = 0;
  let unmanaged = 0;
  for (const change of plan.changes) {
    if (change.kind !== 'redirect') continue;
    if (change.action === 'create') creates += 1;
    else if (change.action === 'delete') deletes += 1;
    else if (change.action === 'unmanaged') unmanaged += 1;
  }
  const total = current.redirects.length - deletes + creates;
  if (creates === 0 || total <= COMMUNITY_REDIRECT_LIMIT) return [];
  const kept = unmanaged > 0 ? `, ${unmanaged} of them not in the file and kept without \`prune\`` : '';
  return [
    {
      path: ['redirects'],
      message:
        `the plan would leave the project with ${total} redirects (${current.redirects.length} now, ${deletes} deleted, ${creates} created${kept}): ` +
        `a Read the Docs Community project holds at most ${COMMUNITY_REDIRECT_LIMIT} (the limit), and the service would refuse the creations past it ` +
        'with the project half changed. Remove redirects (listing them, with `prune`, deletes the others), or join several into one `*` redirect',
    },
  ];
}

/**
 * FACTS: "a `/` needs a feature flag (else `non_field_errors` "Aliases can't contain slashes.")".
 * The flag cannot be read: a project that already has an alias with `/` has it; otherwise a new one
 * is refused here rather than by the service part-way.
 */
function aliasRefusals(plan: ProjectPlan, desired: DesiredProject, current: CurrentState): Refusal[] {
  if (current.subprojects.some((s) => s.alias.includes('/'))) return [];
  const created = new Set(
    plan.changes.flatMap((c) => (c.kind === 'subproject' && c.action === 'create' && c.alias.includes('/') ? [c.alias] : [])),
  );
  const refusals: Refusal[] = [];
  for (const [index, subproject] of (desired.subprojects ?? []).entries()) {
    if (!created.has(subproject.alias)) continue;
    refusals.push({
      path: ['subprojects', index, 'alias'],
      message:
        `\`/\` in an alias needs a feature flag the service turns on per project, on request, and none of this project's aliases has one: ` +
        'the service would refuse it ("Aliases can\'t contain slashes."). Use `-` or `_`, or ask Read the Docs for the flag',
    });
  }
  return refusals;
}
