import type { ProjectSettings, Redirect, Version } from '../../../readthedocs/schemas.js';
import { forCount } from '../../../util/plural.js';
import { safeLine } from '../../../util/untrusted-text.js';
import type { OperationContext } from '../../types.js';
import type { DesiredProject, DesiredRedirect } from './model.js';
import { hasPaths, normalFrom, normalTo } from './normal-form.js';
import type { CurrentRedirect, CurrentState } from './plan.js';
import { policyVersionOf } from './version-policy.js';

// `apply`'s first job: what the service has now, for the parts the file manages (reads only).

/** The settings the file can name, as GET shows them (`language` as its code, `repository` as `{url, type}`). */
export function comparableSettings(info: ProjectSettings): CurrentState['settings'] {
  return {
    name: info.name,
    repository: info.repository ? { url: info.repository.url, type: info.repository.type ?? 'git' } : undefined,
    language: info.language.code,
    programming_language: info.programming_language?.code,
    homepage: info.homepage ?? '',
    tags: info.tags ?? [],
    default_version: info.default_version ?? undefined,
    default_branch: info.default_branch ?? undefined,
    versioning_scheme: info.versioning_scheme,
    readthedocs_yaml_path: info.readthedocs_yaml_path ?? null,
    privacy_level: info.privacy_level,
    external_builds_privacy_level: info.external_builds_privacy_level,
  };
}

/** The versions the file names, as the versions list gives them. */
export function namedVersions(list: Version[], project: string, slugs: string[]): CurrentState['versions'] {
  const bySlug = new Map(list.map((v) => [v.slug, v]));
  const versions: CurrentState['versions'] = {};
  for (const slug of slugs) {
    const version = bySlug.get(slug);
    if (!version) throw new Error(`version \`${safeLine(slug, 200)}\` named under \`versions\` does not exist on ${project}`);
    versions[slug] = {
      active: version.active,
      hidden: version.hidden ?? false,
      ...(version.privacy_level === undefined ? {} : { privacy_level: version.privacy_level }),
    };
  }
  return versions;
}

/**
 * Versions the file names that the project does not have (a deleted branch or tag, a merge
 * queue's temporary branch the service deleted): a problem of the file, at each one's line, never
 * an error of the action.
 */
export class MissingVersionsError extends Error {
  override name = 'MissingVersionsError';

  constructor(
    readonly project: string,
    readonly slugs: string[],
  ) {
    super(
      `${forCount(slugs.length, 'A version', 'Versions')} named under \`versions\` that ${project} does not have: ${slugs.map((slug) => safeLine(slug, 200)).join(', ')}`,
    );
  }
}

/** What the service has now, for the parts the file manages. Reads only; {@link MissingVersionsError} for versions it does not have. */
export async function readCurrent(ctx: OperationContext, project: string, desired: DesiredProject): Promise<CurrentState> {
  const { api } = ctx;
  const info = await api.projectSettings(project);
  // FACTS: "the versions list (`limit=100`) returns them all, so no per-version GET is needed":
  // 300 versions are 3 requests, read once for the versions named and for `version_policy`.
  const named = Object.keys(desired.versions ?? {});
  const list = named.length > 0 || desired.versionPolicy ? await api.versions(project) : [];
  const listed = new Set(list.map((v) => v.slug));
  const missing = named.filter((slug) => !listed.has(slug));
  if (missing.length > 0) throw new MissingVersionsError(project, missing);
  return {
    settings: comparableSettings(info),
    redirects: desired.redirects ? (await api.redirects(project)).map(currentRedirect) : [],
    subprojects: desired.subprojects ? (await api.subprojects(project)).map((s) => ({ child: s.child.slug, alias: s.alias })) : [],
    versions: namedVersions(list, project, named),
    ...(desired.versionPolicy ? { versionList: list.map(policyVersionOf) } : {}),
  };
}

/** A redirect as the service holds it, in the normal form the plan compares (a stored value may predate it). */
export function currentRedirect(r: Redirect): CurrentRedirect {
  const paths = hasPaths(r.type);
  return {
    pk: r.pk,
    type: r.type as DesiredRedirect['type'],
    from: paths && r.from_url ? normalFrom(r.from_url) : '',
    to: paths && r.to_url ? normalTo(r.to_url) : '',
    http_status: r.http_status === 301 ? 301 : 302,
    force: r.force ?? false,
    enabled: r.enabled ?? true,
    description: (r.description ?? '').trim(),
    position: r.position ?? 0,
  };
}
