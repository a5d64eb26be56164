/**
 * The action's version, sent in the User-Agent and printed by `--version`: package.json's version
 * once its CHANGELOG section is dated (a release), `<version>-dev` before it, so that an unreleased
 * commit does not claim a release. A test keeps it so (test/scripts/release.test.ts), and the
 * release refuses a tag it does not name exactly.
 */
export const ACTION_VERSION = '1.0.0-dev';
export const USER_AGENT = `readthedocs-action/${ACTION_VERSION} (+https://github.com/readthedocs-action)`;
