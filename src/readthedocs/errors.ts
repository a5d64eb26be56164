/** Base of every failure that comes from talking to the service. `title` heads the annotation. */
export class ReadTheDocsError extends Error {
  constructor(
    message: string,
    readonly title: string,
    /** The endpoint as a template, e.g. `GET projects/{project}/builds/{id}/`. */
    readonly endpoint: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ReadTheDocsError';
  }
}

/** 401: the token is wrong or expired. Never retried. */
export class AuthError extends ReadTheDocsError {
  override name = 'AuthError';
}

/** 403 with the service's JSON: the token's user lacks the permission. Never retried. */
export class PermissionError extends ReadTheDocsError {
  override name = 'PermissionError';
}

/** 403 (or other status) answered by something in front of the service, not by the service. */
export class BlockedError extends ReadTheDocsError {
  override name = 'BlockedError';
}

/** 404 from the service. */
export class NotFoundError extends ReadTheDocsError {
  override name = 'NotFoundError';
}

/**
 * docs/troubleshooting.md's *What to do* of *Not found*, in one line, naming the slug asked for
 * (undefined: a request under no project) — the one text for a 404 and for a list that stays empty
 * under an unknown or private project. `version`: the version's slug may be the missing one too;
 * `lastly`: what else to check, the site's root by default.
 */
export function notFoundToDo(project: string | undefined, options: { version?: boolean; lastly?: string } = {}): string {
  const slug = project === undefined ? 'the slug' : `the slug \`${project}\``;
  const version = options.version ? "the version's slug under *Versions*, " : '';
  const lastly = options.lastly ?? "that `base-url` is the site's root";
  return `Check ${slug} in the project's URL on Read the Docs, that the token can see it (a private project looks missing without one), ${version}and ${lastly}`;
}

/** A response that does not have the shape the service documents. */
export class SchemaError extends ReadTheDocsError {
  override name = 'SchemaError';
}

/**
 * A write whose request may have reached the service although no answer came back
 * (reset, timeout, gateway error). The caller must find out what happened before repeating it.
 */
export class UncertainWriteError extends ReadTheDocsError {
  override name = 'UncertainWriteError';
}

/** The service could not be reached, or kept failing, after every retry. */
export class UnavailableError extends ReadTheDocsError {
  override name = 'UnavailableError';
}
