import { z } from 'zod/mini';

/**
 * The project file's format, one zod schema for validation and for the published JSON Schema.
 * Objects are strict: a typo'd key is refused, not ignored.
 */

export const REDIRECT_TYPES = ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url'] as const;
export const VERSIONING_SCHEMES = [
  'multiple_versions_with_translations',
  'multiple_versions_without_translations',
  'single_version_without_translations',
] as const;

/** Update fields the service accepts but never returns: they cannot be compared, only sent. */
export const WRITE_ONLY_SETTINGS = ['analytics_code', 'analytics_disabled', 'external_builds_enabled'] as const;

const text = z.string().check(z.maxLength(1000));

export const SettingsSchema = z.strictObject({
  name: z.optional(text),
  repository: z.optional(z.strictObject({ url: text, type: z._default(z.literal('git'), 'git') })),
  language: z.optional(text),
  programming_language: z.optional(text),
  homepage: z.optional(text),
  tags: z.optional(z.array(text).check(z.maxLength(100))),
  default_version: z.optional(text),
  default_branch: z.optional(text),
  versioning_scheme: z.optional(z.enum(VERSIONING_SCHEMES)),
  privacy_level: z.optional(z.enum(['public', 'private'])),
  external_builds_privacy_level: z.optional(z.enum(['public', 'private'])),
  analytics_code: z.optional(text),
  analytics_disabled: z.optional(z.boolean()),
  external_builds_enabled: z.optional(z.boolean()),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingName = keyof Settings;

export const RedirectSchema = z.strictObject({
  type: z.enum(REDIRECT_TYPES),
  from: z.optional(text),
  to: z.optional(text),
  from_url: z.optional(text),
  to_url: z.optional(text),
  http_status: z.optional(z.union([z.literal(301), z.literal(302)])),
  force: z.optional(z.boolean()),
  enabled: z.optional(z.boolean()),
  description: z.optional(text),
});
export type RedirectEntry = z.infer<typeof RedirectSchema>;

export const SubprojectEntrySchema = z.strictObject({ child: text, alias: z.optional(text) });

export const VersionSettingsSchema = z.strictObject({ active: z.optional(z.boolean()), hidden: z.optional(z.boolean()) });

export const POLICY_ACTIVE = ['latest-patch', 'all'] as const;
export const POLICY_PRERELEASES = ['hidden', 'inactive', 'active'] as const;

/** The policy as the planner reads it (see version-policy.ts). */
export interface VersionPolicy {
  /** `latest-patch`: in each minor kept, its newest release only; `all`: every release of it. */
  active: (typeof POLICY_ACTIVE)[number];
  /** The newest N minors (by release) are kept; older releases are deactivated. None: every minor. */
  newestMinors?: number;
  /** What pre-releases become; none: they are left as they are. */
  prereleases?: (typeof POLICY_PRERELEASES)[number];
}

/** `version_policy`: which release tags stay active and what pre-releases become (see version-policy.ts). */
export const VersionPolicySchema = z.strictObject({
  active: z.enum(POLICY_ACTIVE),
  'newest-minors': z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  prereleases: z.optional(z.enum(POLICY_PRERELEASES)),
});

export const ProjectConfigSchema = z.strictObject({
  settings: z.optional(SettingsSchema),
  redirects: z.optional(z.array(RedirectSchema).check(z.maxLength(1000))),
  subprojects: z.optional(z.array(SubprojectEntrySchema).check(z.maxLength(500))),
  versions: z.optional(z.record(text, VersionSettingsSchema)),
  version_policy: z.optional(VersionPolicySchema),
});
export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;

/** The whole file: one project's configuration, or several under `projects`. */
export const ConfigFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  settings: z.optional(SettingsSchema),
  redirects: z.optional(z.array(RedirectSchema).check(z.maxLength(1000))),
  subprojects: z.optional(z.array(SubprojectEntrySchema).check(z.maxLength(500))),
  versions: z.optional(z.record(text, VersionSettingsSchema)),
  version_policy: z.optional(VersionPolicySchema),
  projects: z.optional(z.record(text, ProjectConfigSchema)),
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** A redirect as the plan compares it: every field filled in with the service's default. */
export interface DesiredRedirect {
  type: (typeof REDIRECT_TYPES)[number];
  from: string;
  to: string;
  http_status: 301 | 302;
  force: boolean;
  enabled: boolean;
  description: string;
}

export interface DesiredProject {
  settings?: Settings;
  redirects?: DesiredRedirect[];
  subprojects?: { child: string; alias: string }[];
  versions?: Record<string, { active?: boolean; hidden?: boolean }>;
  versionPolicy?: VersionPolicy;
}

/** The key identifying a redirect: (type, from, to). */
export function redirectKey(r: { type: string; from: string; to: string }): string {
  return JSON.stringify([r.type, r.from, r.to]);
}

export function normaliseRedirect(entry: RedirectEntry): DesiredRedirect {
  const needsUrls = entry.type === 'page' || entry.type === 'exact';
  return {
    type: entry.type,
    from: needsUrls ? (entry.from ?? entry.from_url ?? '') : '',
    to: needsUrls ? (entry.to ?? entry.to_url ?? '') : '',
    http_status: entry.http_status ?? 302,
    force: entry.force ?? false,
    enabled: entry.enabled ?? true,
    description: entry.description ?? '',
  };
}

export function normaliseProject(config: ProjectConfig): DesiredProject {
  return {
    settings: config.settings,
    redirects: config.redirects?.map(normaliseRedirect),
    subprojects: config.subprojects?.map((s) => ({ child: s.child, alias: s.alias ?? s.child })),
    versions: config.versions,
    ...(config.version_policy ? { versionPolicy: versionPolicyOf(config.version_policy) } : {}),
  };
}

function versionPolicyOf(entry: z.infer<typeof VersionPolicySchema>): VersionPolicy {
  return {
    active: entry.active,
    ...(entry['newest-minors'] === undefined ? {} : { newestMinors: entry['newest-minors'] }),
    ...(entry.prereleases === undefined ? {} : { prereleases: entry.prereleases }),
  };
}
