/**
 * `once(make)`: a lazy value of the run, made on first use and shared by every later caller (the
 * pull request's changed files, its project file, a project's redirects): one promise, asked for
 * by several projects' parts at once, makes one request.
 */

/** Calls `make` once, on first use; later callers share its promise. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= make());
}
