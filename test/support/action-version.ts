// What src/version.ts's ACTION_VERSION (the command's `--version`, the User-Agent) must be: the
// package's version once its CHANGELOG section is dated (a release: scripts/release.ts checks it
// then), else `<version>-dev`, a pre-release of it, so that a commit before the release does not
// claim to be it (issue 49). Read from the sources alone: dist/ stays the same bytes on every machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../harness/action-metadata.ts';
import { changelogSection } from '../../scripts/release/changelog.ts';

/** package.json's version. */
export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The version the sources must name, from package.json and CHANGELOG.md as they are. */
export function expectedActionVersion(version = PACKAGE_VERSION, changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')): string {
  const released = /^\d{4}-\d{2}-\d{2}$/.test(changelogSection(changelog, version)?.label ?? '');
  return released ? version : `${version}-dev`;
}
