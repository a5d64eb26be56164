// What releasing a pushed tag means, decided from the repository's own files before anything is
// published: the version, whether it is a pre-release, which major tag moves, and the notes.
import { absoluteLinks, changelogSection } from './changelog.ts';

export interface ReleaseFacts {
  /** The pushed tag, e.g. `v1.2.3`. */
  tag: string;
  /** package.json's `version`. */
  packageVersion: string;
  /** `ACTION_VERSION` of src/version.ts (the User-Agent names it). */
  actionVersion: string;
  /** CHANGELOG.md's text. */
  changelog: string;
  /**
   * The releases to compare with: scripts/release.ts gives the tags on main whose package.json
   * names their version (a stray tag elsewhere is none), and the pushed one.
   */
  tags: string[];
  /** `https://github.com/owner/repo`: the notes' relative links point into the tag's tree there. */
  repositoryUrl: string;
  /** The commit the tag points at (40 hex digits): the notes tell users to pin it. */
  commit: string;
  /** The major tags the docs' examples use (`owner/repo@v1` → `v1`), each once. */
  docsMajorTags: string[];
}

export interface ReleasePlan {
  version: string;
  /** `1.2.3-rc.1`: a GitHub pre-release, and no major tag moves. */
  prerelease: boolean;
  /** The major tag to move to this commit (`v1`), or undefined: 0.y.z releases and pre-releases move none, nor a release older than its major's newest. */
  majorTag: string | undefined;
  /** The release's notes: the CHANGELOG section, then how to pin and verify it. */
  notes: string;
}

export class ReleaseRefused extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Release refused:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'ReleaseRefused';
    this.problems = problems;
  }
}

/** `vMAJOR.MINOR.PATCH`, with an optional pre-release (`-rc.1`); no build metadata. */
const RELEASE_TAG = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the facts and says what to publish; every problem found is named at once. */
export function releasePlan(facts: ReleaseFacts): ReleasePlan {
  const tag = RELEASE_TAG.exec(facts.tag);
  if (!tag) throw new ReleaseRefused([`tag \`${facts.tag}\` is not vMAJOR.MINOR.PATCH (e.g. v1.2.3, or v1.2.3-rc.1 for a pre-release)`]);
  const version = facts.tag.slice(1);
  const prerelease = tag[4] !== undefined;
  const problems: string[] = [];
  if (facts.packageVersion !== version) problems.push(`package.json's version is ${facts.packageVersion}, not ${version}`);
  if (facts.actionVersion !== version) problems.push(`src/version.ts's ACTION_VERSION is ${facts.actionVersion}, not ${version}`);
  if (!/^[0-9a-f]{40}$/.test(facts.commit)) problems.push(`commit \`${facts.commit}\` is not a full SHA`);
  const section = changelogSection(facts.changelog, version);
  if (section === undefined) problems.push(`CHANGELOG.md has no section \`## [${version}] - YYYY-MM-DD\``);
  else if (!ISO_DATE.test(section.label))
    problems.push(
      `CHANGELOG.md's section of ${version} is dated \`${section.label || '(nothing)'}\`, not YYYY-MM-DD: date it when releasing`,
    );
  else if (section.body === '') problems.push(`CHANGELOG.md's section of ${version} is empty`);
  const major = Number(tag[1]);
  // The docs' `@v1` must resolve the day the release is tagged: a release of another major (a
  // 0.y.z one moves no tag at all) would leave every example pointing at nothing.
  const stray = facts.docsMajorTags.filter((name) => name !== `v${major}`);
  if (!prerelease && stray.length > 0)
    problems.push(
      `the docs' examples use \`@${stray.join('`, `@')}\`, which ${major >= 1 ? `this release (major tag v${major})` : 'a 0.y.z release'} does not move: release ${stray.map((name) => `${name.slice(1)}.y.z`).join(' or ')}, or change the examples`,
    );
  if (problems.length > 0) throw new ReleaseRefused(problems);

  const isNewest = facts.tags
    .map((name) => RELEASE_TAG.exec(name))
    .filter((match): match is RegExpExecArray => match !== null && match[4] === undefined && Number(match[1]) === major)
    .map((match) => [Number(match[2]), Number(match[3])] as const)
    .every(([minor, patch]) => minor < Number(tag[2]) || (minor === Number(tag[2]) && patch <= Number(tag[3])));
  const majorTag = !prerelease && major >= 1 && isNewest ? `v${major}` : undefined;

  const repository = facts.repositoryUrl.replace(/\/+$/, '');
  const slug = repository.replace(/^https?:\/\/[^/]+\//, '');
  const notes = [
    absoluteLinks(section!.body, `${repository}/blob/${facts.tag}`),
    '',
    '---',
    '',
    `Pin this release by its commit: \`uses: ${slug}@${facts.commit} # ${facts.tag}\`.`,
    `Its \`dist/\` has a build provenance attestation; in a checkout of ${facts.tag}:`,
    `\`gh attestation verify dist/action/index.js --repo ${slug} --signer-workflow ${slug}/.github/workflows/release.yml\``,
  ].join('\n');
  return { version, prerelease, majorTag, notes };
}
