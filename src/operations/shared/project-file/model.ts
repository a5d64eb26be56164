import { z } from 'zod/mini';

/**
 * The project file's format, one zod schema for validation and for the published JSON Schema.
 * Objects are strict: a typo'd key is refused, not ignored.
 */

const REDIRECT_TYPES = ['page', 'exact', 'clean_url_to_html', 'html_to_clean_url'] as const;
const VERSIONING_SCHEMES = [
  'multiple_versions_with_translations',
  'multiple_versions_without_translations',
  'single_version_without_translations',
] as const;

/**
 * Update fields the service accepts but never returns: they cannot be compared, only sent. FACTS:
 * "`show_version_warning`, `analytics_*` and `external_builds_enabled` are never returned by GET."
 */
export const WRITE_ONLY_SETTINGS = ['analytics_code', 'analytics_disabled', 'external_builds_enabled', 'show_version_warning'] as const;

/**
 * Settings only Read the Docs for Business takes. FACTS: "on Business only privacy_level and
 * external_builds_privacy_level [...] on Community the two privacy keys are dropped without an error."
 */
export const BUSINESS_ONLY_SETTINGS = ['privacy_level', 'external_builds_privacy_level'] as const;

const text = z.string().check(z.maxLength(1000));
/** FACTS: "`from_url`, `to_url` or `description` over 255 characters" are refused. */
const redirectText = (description?: string) =>
  description === undefined ? z.string().check(z.maxLength(255)) : z.string().check(z.maxLength(255), z.describe(description));
const privacy = z.enum(['public', 'private']);
const FROM_HELP =
  'The path redirected. `*` may only end it (it matches the rest of the path, which `to` can place with `:splat`); `$rest` was removed in favour of `*`. Stored without its trailing `/`.';
const TO_HELP =
  'Where it goes: a path (stored with one leading `/`) or an `http://` or `https://` URL. `:splat` needs a `from` ending in `*`.';

const SettingsSchema = z.strictObject({
  name: z.optional(text),
  repository: z.optional(z.strictObject({ url: text, type: z._default(z.literal('git'), 'git') })),
  language: z.optional(text),
  programming_language: z.optional(text),
  homepage: z.optional(text),
  tags: z.optional(z.array(text).check(z.maxLength(100))),
  default_version: z.optional(text),
  default_branch: z.optional(text),
  versioning_scheme: z.optional(z.enum(VERSIONING_SCHEMES)),
  /** Null: none set (the service looks for `.readthedocs.yaml` at the top of the repository). */
  readthedocs_yaml_path: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
  privacy_level: z.optional(privacy.check(z.describe('Read the Docs for Business only.'))),
  external_builds_privacy_level: z.optional(privacy.check(z.describe('Read the Docs for Business only.'))),
  analytics_code: z.optional(text),
  analytics_disabled: z.optional(z.boolean()),
  external_builds_enabled: z.optional(z.boolean()),
  show_version_warning: z.optional(z.boolean()),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingName = keyof Settings;

const RedirectSchema = z.strictObject({
  type: z.enum(REDIRECT_TYPES),
  from: z.optional(redirectText(FROM_HELP)),
  to: z.optional(redirectText(TO_HELP)),
  from_url: z.optional(redirectText(FROM_HELP)),
  to_url: z.optional(redirectText(TO_HELP)),
  http_status: z.optional(z.union([z.literal(301), z.literal(302)])),
  force: z.optional(z.boolean()),
  enabled: z.optional(z.boolean()),
  description: z.optional(redirectText()),
});
export type RedirectEntry = z.infer<typeof RedirectSchema>;

const SubprojectEntrySchema = z.strictObject({ child: text, alias: z.optional(text) });

const VersionSettingsSchema = z.strictObject({
  active: z.optional(z.boolean().check(z.describe('`false` deactivates the version, which deletes its hosted docs and search index.'))),
  hidden: z.optional(z.boolean()),
  privacy_level: z.optional(privacy.check(z.describe('Read the Docs for Business only.'))),
});
export type VersionSettings = z.infer<typeof VersionSettingsSchema>;

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

const ProjectConfigSchema = z.strictObject({
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
  versions?: Record<string, VersionSettings>;
  versionPolicy?: VersionPolicy;
}

/** The policy as the planner reads it, from the file's spelling (`newest-minors`). */
export function versionPolicyOf(entry: z.infer<typeof VersionPolicySchema>): VersionPolicy {
  return {
    active: entry.active,
    ...(entry['newest-minors'] === undefined ? {} : { newestMinors: entry['newest-minors'] }),
    ...(entry.prereleases === undefined ? {} : { prereleases: entry.prereleases }),
  };
}
