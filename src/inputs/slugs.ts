/** Project slugs as the service makes them: lowercase letters, digits, `-` and `_`. */
export const PROJECT_SLUG = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/**
 * Turns a ref name such as `v2.0` or `Release/1.x` into the version slug the service gives it:
 * lowercase, characters other than `a-z 0-9 . _ -` become `-`, runs of `-` collapse, and the
 * slug starts and ends with a letter or digit.
 */
export function versionSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

/** Splits `a, b` or one-per-line text into its non-empty items. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
