// CHANGELOG.md as the release needs it: one version's section (its heading's date, its text), with
// relative links made absolute so that they still lead somewhere from the GitHub release page.

export interface ChangelogSection {
  /** What follows the version in the heading: `2026-11-30`, or `Unreleased`. */
  label: string;
  /** The section's text, without its heading, blank lines trimmed at both ends. */
  body: string;
}

/** `## [1.2.3] - 2026-11-30`, `## [1.2.3]`, `## 1.2.3 - Unreleased` (a `v` before the version is allowed). */
const VERSION_HEADING = /^## \[?v?([^\]\s]+)\]?(?:\s+[-–]\s+(.*))?\s*$/;
/** A link reference definition (`[1.2.3]: https://…`), as Keep a Changelog lists them at the end. */
const LINK_DEFINITION = /^\[[^\]]+\]:\s/;

/**
 * The section of `version` (`1.2.3`, without the `v`): from its `## ` heading to the next `## `
 * heading or to the link definitions at the end of the file. Undefined when there is none.
 */
export function changelogSection(changelog: string, version: string): ChangelogSection | undefined {
  const lines = changelog.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((line) => VERSION_HEADING.exec(line)?.[1] === version);
  if (start === -1) return undefined;
  const label = (VERSION_HEADING.exec(lines[start]!)?.[2] ?? '').trim();
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ') || LINK_DEFINITION.test(line)) break;
    body.push(line);
  }
  return { label, body: body.join('\n').trim() };
}

/**
 * Relative Markdown links (`[SECURITY.md](SECURITY.md)`, `[x](docs/a.md#b)`) rewritten against
 * `base` (e.g. `https://github.com/owner/repo/blob/v1.2.3`); absolute links, anchors and
 * `mailto:` stay as they are.
 */
export function absoluteLinks(markdown: string, base: string): string {
  const root = base.replace(/\/+$/, '');
  return markdown.replace(/\]\(([^)\s]+)\)/g, (link, target: string) =>
    /^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target) ? link : `](${root}/${target.replace(/^\.?\//, '')})`,
  );
}
