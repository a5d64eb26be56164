import { z } from 'zod/mini';
import { safeLine } from '../util/untrusted-text.js';

// zod/mini keeps the bundle small (about 30 KB against 750 KB for the full API).
// Schemas accept every body in the service's own API tests. Unknown keys are dropped, and fields
// the action does not need are optional, so that additions to the API never break a run.

/**
 * Names, slugs, codes, dates and URLs: the service's own columns hold at most 255 characters, and
 * its URLs are a domain and a few of those. Every one of them may reach the log, the summary, an
 * annotation, a comment or an output: a longer one is not the service's, and is refused (a list
 * leaves its item out, see `tolerantList`).
 */
const MAX_NAME_LENGTH = 2_000;
/** Text a person or a tool wrote (a notification, a command line, an error): a few kilobytes. */
const MAX_TEXT_LENGTH = 64 * 1024;

const shortText = z.string().check(z.maxLength(MAX_NAME_LENGTH, { error: 'is longer than 2,000 characters, more than the service makes' }));
const longText = z.string().check(z.maxLength(MAX_TEXT_LENGTH, { error: 'is longer than 64 KB, more than the service makes' }));
const url = shortText;
const optional = z.optional;
/** Present or not, null or not: the service leaves some fields out and nulls others. */
const maybe = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));

export const BuildSchema = z.object({
  id: z.int(),
  project: shortText,
  /** Null once the version is deleted (`SET_NULL`): closed PR versions, removed branches and tags. */
  version: z.nullable(shortText),
  state: z.object({ code: shortText, name: optional(shortText) }),
  success: z.nullable(z.boolean()),
  commit: z.nullable(shortText),
  created: z.nullable(shortText),
  finished: maybe(shortText),
  duration: z.nullable(z.number()),
  error: optional(longText),
  urls: z.object({ build: url, project: maybe(url), version: maybe(url) }),
});
export type Build = z.infer<typeof BuildSchema>;

/**
 * `GET …/builds/{id}/?expand=config`: the build's resolved configuration. Only `doctype` and
 * `sphinx.builder` are read, and tolerantly: a configuration that is absent, null, `{}` or of
 * another shape tells nothing (see `doctypeOf`), never an error.
 */
export const BuildConfigSchema = z.object({ config: optional(z.unknown()) });

/** How the service builds the docs (the configuration's `doctype`). */
export type BuildDoctype = 'sphinx' | 'sphinx_htmldir' | 'sphinx_singlehtml' | 'mkdocs' | 'generic';
const DOCTYPES: readonly string[] = ['sphinx', 'sphinx_htmldir', 'sphinx_singlehtml', 'mkdocs', 'generic'];
/** `sphinx.builder` as the resolved configuration stores it, or as a configuration file writes it. */
const SPHINX_BUILDERS: Record<string, BuildDoctype> = {
  sphinx: 'sphinx',
  sphinx_htmldir: 'sphinx_htmldir',
  sphinx_singlehtml: 'sphinx_singlehtml',
  html: 'sphinx',
  dirhtml: 'sphinx_htmldir',
  htmldir: 'sphinx_htmldir',
  singlehtml: 'sphinx_singlehtml',
};

/** The doctype a resolved configuration names (`doctype`, else `sphinx.builder`), else undefined. */
export function doctypeOf(config: unknown): BuildDoctype | undefined {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return undefined;
  const { doctype, sphinx } = config as Record<string, unknown>;
  if (typeof doctype === 'string' && DOCTYPES.includes(doctype)) return doctype as BuildDoctype;
  const builder = sphinx !== null && typeof sphinx === 'object' ? (sphinx as Record<string, unknown>).builder : undefined;
  return typeof builder === 'string' && Object.hasOwn(SPHINX_BUILDERS, builder) ? SPHINX_BUILDERS[builder] : undefined;
}

/** An item of a version's `aliases` (a whole version in the service's answer): what names it. */
const AliasSchema = z.object({ slug: shortText, verbose_name: optional(shortText), type: optional(shortText) });
/** The service gives one alias at most: more are not read. */
const MAX_ALIASES = 10;

export const VersionSchema = z.object({
  id: z.int(),
  slug: shortText,
  verbose_name: optional(shortText),
  active: z.boolean(),
  hidden: optional(z.boolean()),
  built: optional(z.boolean()),
  type: shortText,
  identifier: maybe(shortText),
  /**
   * FACTS (Versions): the slug of the version the service's own `stable` points to; null for every
   * other version, a user's own `stable` included. Absent from the documented answer: undefined.
   */
  ref: maybe(shortText),
  /**
   * FACTS (Versions): the version the service's own `stable` or `latest` stands for (when it is
   * active), else empty. An item the action cannot read is dropped, never the version.
   */
  aliases: optional(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items: unknown[]) =>
        items.slice(0, MAX_ALIASES).flatMap((item) => {
          const parsed = AliasSchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    ),
  ),
  privacy_level: optional(shortText),
  urls: optional(z.object({ documentation: maybe(url), vcs: maybe(url) })),
});
export type Version = z.infer<typeof VersionSchema>;

/** Slugs per the API description; tolerate an expanded object too. */
const projectRef = maybe(z.union([shortText, z.object({ slug: shortText })]));

export const ProjectSchema = z.object({
  id: z.int(),
  slug: shortText,
  name: shortText,
  language: z.object({ code: shortText, name: optional(shortText) }),
  default_version: maybe(shortText),
  default_branch: maybe(shortText),
  versioning_scheme: optional(shortText),
  single_version: optional(z.boolean()),
  translation_of: projectRef,
  subproject_of: projectRef,
  privacy_level: optional(shortText),
  /** A configuration file path set in the project's settings, instead of `.readthedocs.yaml`. */
  readthedocs_yaml_path: maybe(shortText),
  external_builds_privacy_level: optional(shortText),
  urls: optional(z.object({ documentation: maybe(url), home: optional(url), builds: optional(url) })),
  /** `?expand=permissions` (FACTS, Versions): whether the token's user administers the project. */
  permissions: maybe(z.object({ admin: maybe(z.boolean()) })),
});
export type Project = z.infer<typeof ProjectSchema>;

/** GET projects/{parent}/subprojects/: the alias under which the parent serves each child. */
export const SubprojectSchema = z.object({
  alias: shortText,
  child: z.object({ slug: shortText }),
});
export type Subproject = z.infer<typeof SubprojectSchema>;

/**
 * A list whose items are checked one by one: an item the action cannot use (a shape the service's
 * serializers can produce but the schema cannot read) is dropped with a debug line, never failing
 * the page and the items around it.
 */
function tolerantList<T extends z.ZodMiniType>(item: T, debug: (message: string) => void = () => undefined) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((items: unknown[]) => {
      const kept: z.infer<T>[] = [];
      let skipped = 0;
      items.forEach((raw, index) => {
        const parsed = item.safeParse(raw);
        if (parsed.success) kept.push(parsed.data as z.infer<T>);
        else if (++skipped <= SKIPPED_ITEMS_TOLD) {
          const issue = parsed.error.issues[0];
          debug(safeLine(`List item ${index} skipped: field \`${issue?.path.join('.') ?? ''}\` ${issue?.message ?? 'invalid'}`));
        }
      });
      if (skipped > SKIPPED_ITEMS_TOLD) {
        debug(`... and ${(skipped - SKIPPED_ITEMS_TOLD).toLocaleString('en-US')} more items skipped on this page`);
      }
      return kept;
    }),
  );
}

/** Items of a page told apart in the debug log when skipped; the rest are counted. */
const SKIPPED_ITEMS_TOLD = 10;

export function paginated<T extends z.ZodMiniType>(item: T, debug?: (message: string) => void) {
  return z.object({
    count: z.int(),
    next: z.nullable(url),
    previous: z.nullable(url),
    results: tolerantList(item, debug),
  });
}

/**
 * POST .../builds/: 202 with the new build, or 400 `triggered: false` with a placeholder build, or
 * a 400 error body without `triggered` (`{"error": "Cannot trigger a build for an uploaded version."}`).
 */
export const TriggerSchema = z.object({
  triggered: z.optional(z.boolean()),
  build: z.optional(z.unknown()),
  /** The version as the service describes it; its documentation URL saves a request later. */
  version: z.optional(z.unknown()),
  error: z.optional(z.unknown()),
  detail: z.optional(z.unknown()),
});

export const NotificationSchema = z.object({
  id: z.int(),
  /** `unread`, `read`, `dismissed` or `cancelled` (FACTS.md, Builds: every state is listed); absent in older answers. */
  state: optional(shortText),
  message: z.object({
    id: shortText,
    header: maybe(longText),
    body: maybe(longText),
    type: optional(shortText),
  }),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/v2/build/{id}/: the only place the commands and their output are published. */
export const BuildCommandsSchema = z.object({
  id: z.int(),
  /** The build's state code; a final build's commands are read once. */
  state: maybe(shortText),
  /** The version's documentation as the service resolves it (custom prefixes included), once built. */
  docs_url: maybe(url),
  /** The version's id (API v2 names it by id), for {@link VersionV2Schema}. */
  version: maybe(z.int()),
  commands: z._default(
    z.array(
      z.object({
        command: maybe(longText),
        output: maybe(z.string()),
        exit_code: maybe(z.int()),
        /** Seconds; with the times below, read for the log and the summary's chart only. */
        run_time: maybe(z.number()),
        start_time: maybe(shortText),
        end_time: maybe(shortText),
      }),
    ),
    [],
  ),
});
export type BuildCommands = z.infer<typeof BuildCommandsSchema>;

/** API v2's version (its detail, or an item of its list): pull request versions included (API v3 hides them), with their head commit. */
export const VersionV2Schema = z.object({
  id: z.int(),
  slug: z.string(),
  type: z.string(),
  /** A pull request version's head commit, moved by the service's webhook even when no build is made. */
  identifier: maybe(z.string()),
  /** A pull request version's is the PR number (its slug may be `7_a` beside a branch `7`). */
  verbose_name: maybe(z.string()),
});
export type VersionV2 = z.infer<typeof VersionV2Schema>;

export const SyncVersionsSchema = z.object({ triggered: z.boolean() });

export const EnvironmentVariableSchema = z.object({
  pk: z.int(),
  name: shortText,
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
        type: optional(shortText),
        project: z.object({ slug: shortText, alias: maybe(shortText) }),
        version: z.object({ slug: shortText }),
        title: shortText,
        path: z.nullable(shortText),
        domain: z.nullable(shortText),
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
  slug: shortText,
  name: shortText,
  language: z.object({ code: shortText }),
  programming_language: maybe(z.object({ code: shortText })),
  repository: maybe(z.object({ url: shortText, type: maybe(shortText) })),
  homepage: maybe(shortText),
  tags: maybe(z.array(shortText)),
  default_version: maybe(shortText),
  default_branch: maybe(shortText),
  versioning_scheme: optional(shortText),
  readthedocs_yaml_path: maybe(shortText),
  privacy_level: optional(shortText),
  external_builds_privacy_level: optional(shortText),
});
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

export const RedirectSchema = z.object({
  pk: z.int(),
  type: shortText,
  from_url: maybe(shortText),
  to_url: maybe(shortText),
  http_status: maybe(z.int()),
  force: maybe(z.boolean()),
  enabled: maybe(z.boolean()),
  description: maybe(shortText),
  position: maybe(z.int()),
});
export type Redirect = z.infer<typeof RedirectSchema>;
