import { z } from 'zod/mini';
import { safeLine } from '../util/untrusted-text.js';

// zod/mini keeps the bundle small (about 30 KB against 750 KB for the full API).
// Schemas accept every body in the service's own API tests. Unknown keys are dropped, and fields
// the action does not need are optional, so that additions to the API never break a run.

const url = z.string();
const optional = z.optional;
/** Present or not, null or not: the service leaves some fields out and nulls others. */
const maybe = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

export const BuildSchema = z.object({
  id: z.int(),
  project: z.string(),
  /** Null once the version is deleted (`SET_NULL`): closed PR versions, removed branches and tags. */
  version: z.nullable(z.string()),
  state: z.object({ code: z.string(), name: optional(z.string()) }),
  success: z.nullable(z.boolean()),
  commit: z.nullable(z.string()),
  created: z.nullable(z.string()),
  finished: maybe(z.string()),
  duration: z.nullable(z.number()),
  error: optional(z.string()),
  urls: z.object({ build: url, project: maybe(url), version: maybe(url) }),
});
export type Build = z.infer<typeof BuildSchema>;

export const VersionSchema = z.object({
  id: z.int(),
  slug: z.string(),
  verbose_name: optional(z.string()),
  active: z.boolean(),
  hidden: optional(z.boolean()),
  built: optional(z.boolean()),
  type: z.string(),
  identifier: maybe(z.string()),
  privacy_level: optional(z.string()),
  urls: optional(z.object({ documentation: maybe(url), vcs: maybe(url) })),
});
export type Version = z.infer<typeof VersionSchema>;

/** Slugs per the API description; tolerate an expanded object too. */
const projectRef = maybe(z.union([z.string(), z.object({ slug: z.string() })]));

export const ProjectSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  language: z.object({ code: z.string(), name: optional(z.string()) }),
  default_version: maybe(z.string()),
  default_branch: maybe(z.string()),
  versioning_scheme: optional(z.string()),
  single_version: optional(z.boolean()),
  translation_of: projectRef,
  subproject_of: projectRef,
  privacy_level: optional(z.string()),
  /** A configuration file path set in the project's settings, instead of `.readthedocs.yaml`. */
  readthedocs_yaml_path: maybe(z.string()),
  external_builds_privacy_level: optional(z.string()),
  urls: optional(z.object({ documentation: maybe(url), home: optional(url), builds: optional(url) })),
});
export type Project = z.infer<typeof ProjectSchema>;

/** GET projects/{parent}/subprojects/: the alias under which the parent serves each child. */
export const SubprojectSchema = z.object({
  alias: z.string(),
  child: z.object({ slug: z.string() }),
});
export type Subproject = z.infer<typeof SubprojectSchema>;

/**
 * A list whose items are checked one by one: an item the action cannot use (a shape the service's
 * serializers can produce but the schema cannot read) is dropped with a debug line, never failing
 * the page and the items around it.
 */
export function tolerantList<T extends z.ZodMiniType>(item: T, debug: (message: string) => void = () => undefined) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((items: unknown[]) => {
      const kept: z.infer<T>[] = [];
      items.forEach((raw, index) => {
        const parsed = item.safeParse(raw);
        if (parsed.success) kept.push(parsed.data as z.infer<T>);
        else {
          const issue = parsed.error.issues[0];
          debug(safeLine(`List item ${index} skipped: field \`${issue?.path.join('.') ?? ''}\` ${issue?.message ?? 'invalid'}`));
        }
      });
      return kept;
    }),
  );
}

export function paginated<T extends z.ZodMiniType>(item: T, debug?: (message: string) => void) {
  return z.object({
    count: z.int(),
    next: z.nullable(url),
    previous: z.nullable(url),
    results: tolerantList(item, debug),
  });
}

/** POST .../builds/: 202 with the new build, or 400 `triggered: false` with a placeholder build. */
export const TriggerSchema = z.object({
  triggered: z.boolean(),
  build: z.unknown(),
  /** The version as the service describes it; its documentation URL saves a request later. */
  version: z.optional(z.unknown()),
});

export const NotificationSchema = z.object({
  id: z.int(),
  message: z.object({
    id: z.string(),
    header: maybe(z.string()),
    body: maybe(z.string()),
    type: optional(z.string()),
  }),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/v2/build/{id}/: the only place the commands and their output are published. */
export const BuildCommandsSchema = z.object({
  id: z.int(),
  /** The build's state code; a final build's commands are read once. */
  state: maybe(z.string()),
  /** The version's documentation as the service resolves it (custom prefixes included), once built. */
  docs_url: maybe(url),
  commands: z._default(
    z.array(
      z.object({
        command: maybe(z.string()),
        output: maybe(z.string()),
        exit_code: maybe(z.int()),
        /** Seconds; with the times below, read for the log and the summary's chart only. */
        run_time: maybe(z.number()),
        start_time: maybe(z.string()),
        end_time: maybe(z.string()),
      }),
    ),
    [],
  ),
});
export type BuildCommands = z.infer<typeof BuildCommandsSchema>;

export const SyncVersionsSchema = z.object({ triggered: z.boolean() });

export const EnvironmentVariableSchema = z.object({
  pk: z.int(),
  name: z.string(),
  /** Nullable in the service's model; null is shown as private there. */
  public: z.pipe(
    z.nullable(z.boolean()),
    z.transform((value: boolean | null) => value === true),
  ),
});
export type EnvironmentVariable = z.infer<typeof EnvironmentVariableSchema>;

/** The search API's answer; a hit it cannot read is dropped with a line to `debug`. */
export const searchResponseSchema = (debug?: (message: string) => void) =>
  z.object({
    count: z.int(),
    next: z.nullable(url),
    previous: z.nullable(url),
    results: tolerantList(
      z.object({
        type: optional(z.string()),
        project: z.object({ slug: z.string(), alias: maybe(z.string()) }),
        version: z.object({ slug: z.string() }),
        title: z.string(),
        path: z.nullable(z.string()),
        domain: z.nullable(z.string()),
      }),
      debug,
    ),
  });
export const SearchResponseSchema = searchResponseSchema();
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** Error bodies come in many shapes (`detail`, field lists, bare lists, `error`, HTML). */
export function describeErrorBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (Array.isArray(body))
    return (
      body
        .map((item) => describeErrorBody(item))
        .filter(Boolean)
        .join('; ') || undefined
    );
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    if (typeof record.error === 'string') return record.error;
    const parts = Object.entries(record).map(([key, value]) => {
      const text = describeErrorBody(value);
      return key === 'non_field_errors' ? text : `${key}: ${text}`;
    });
    return parts.filter(Boolean).join('; ') || undefined;
  }
  return undefined;
}

/** The project's update fields as the detail returns them (for `apply` and `export`). */
export const ProjectSettingsSchema = z.object({
  slug: z.string(),
  name: z.string(),
  language: z.object({ code: z.string() }),
  programming_language: maybe(z.object({ code: z.string() })),
  repository: maybe(z.object({ url: z.string(), type: maybe(z.string()) })),
  homepage: maybe(z.string()),
  tags: maybe(z.array(z.string())),
  default_version: maybe(z.string()),
  default_branch: maybe(z.string()),
  versioning_scheme: optional(z.string()),
  privacy_level: optional(z.string()),
  external_builds_privacy_level: optional(z.string()),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

export const RedirectSchema = z.object({
  pk: z.int(),
  type: z.string(),
  from_url: maybe(z.string()),
  to_url: maybe(z.string()),
  http_status: maybe(z.int()),
  force: maybe(z.boolean()),
  enabled: maybe(z.boolean()),
  description: maybe(z.string()),
  position: maybe(z.int()),
});
export type Redirect = z.infer<typeof RedirectSchema>;
