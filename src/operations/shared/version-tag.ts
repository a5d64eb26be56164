/**
 * Version names read as PEP 440 (`1.2.0`, `1.2.0rc1`, `1.2.0.post1`, `1.2.dev3`) or SemVer (`1.2.0`,
 * `1.2.0-rc.1`, `1.2.0-beta2+build.5`) versions, with or without a leading `v`: pure, bounded
 * parsing shared by `apply`'s `version_policy` and `health`'s release tags.
 */

/** A parsed version: compared by `key`, grouped by `minor`. */
export interface ParsedVersion {
  release: string[];
  prerelease: boolean;
  /** Sortable parts: release (zero-padded), pre-release rank and number, post, dev. */
  key: (string | number)[];
}

/** Longer names are not versions (the parse stays small and bounded). */
const MAX_TAG_LENGTH = 80;

// One pass each, anchored, over at most MAX_TAG_LENGTH characters.
const PEP440 =
  /^v?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?(?:[-_.]?(post|rev|r)[-_.]?(\d*))?(?:[-_.]?(dev)[-_.]?(\d*))?(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$/;
const SEMVER = /^v?(\d+(?:\.\d+)*)-([0-9a-z-]+(?:\.[0-9a-z-]+)*)(?:\+[0-9a-z-]+(?:\.[0-9a-z-]+)*)?$/;

/** Ranks of a pre-release kind: a dev release (alone) first, then other SemVer labels, a, b, rc; a release last. */
const PRE_RANK: Record<string, number> = { dev: 0, other: 1, a: 2, alpha: 2, b: 3, beta: 3, c: 4, rc: 4, pre: 4, preview: 4 };
const RELEASE_RANK = 5;
/** Release parts are compared on this many digits (longer numbers are not versions). */
export const DIGITS = 20;

function number(text: string | undefined): number {
  return text ? Number.parseInt(text, 10) : 0;
}

/** The version a tag names, or undefined when it is not one. */
export function parseVersionTag(name: string): ParsedVersion | undefined {
  const text = name.trim().toLowerCase();
  if (text === '' || text.length > MAX_TAG_LENGTH) return undefined;
  const pep = PEP440.exec(text);
  if (pep) {
    const release = releaseParts(pep[1]!);
    if (!release) return undefined;
    const pre = pep[2];
    const post = pep[4] !== undefined ? number(pep[5]) : -1;
    const dev = pep[6] !== undefined;
    // A dev release alone sorts before every pre-release of its version; after one, before it.
    const rank = pre !== undefined ? PRE_RANK[pre]! : dev && post < 0 ? PRE_RANK.dev! : RELEASE_RANK;
    return {
      release,
      prerelease: pre !== undefined || dev,
      key: [...release, rank, number(pep[3]), post, dev ? 0 : 1, number(pep[7])],
    };
  }
  const sem = SEMVER.exec(text);
  if (sem) {
    const release = releaseParts(sem[1]!);
    if (!release) return undefined;
    const identifiers = sem[2]!.split('.');
    const label = /^([a-z-]*?)-?(\d*)$/.exec(identifiers[0]!);
    const kind = label && Object.hasOwn(PRE_RANK, label[1]!) ? label[1]! : 'other';
    const numeric = label?.[2] ? number(label[2]) : number(identifiers.slice(1).find((part) => /^\d+$/.test(part)));
    return { release, prerelease: true, key: [...release, PRE_RANK[kind]!, numeric, -1, 1, 0] };
  }
  return undefined;
}

/** `1.02.3` → ['1', '2', '3'] padded for comparison; undefined for numbers too long to be versions. */
function releaseParts(text: string): string[] | undefined {
  const parts = text.split('.').map((part) => part.replace(/^0+(?=\d)/, ''));
  if (parts.some((part) => part.length > DIGITS) || parts.length > 6) return undefined;
  while (parts.length < 3) parts.push('0');
  return parts.map((part) => part.padStart(DIGITS, '0'));
}

/** Negative, zero or positive, as `a` sorts before, with or after `b`. */
export function compareVersions(a: ParsedVersion, b: ParsedVersion): number {
  const length = Math.max(a.key.length, b.key.length);
  // Keys of different release lengths: pad the shorter release with zeros before the ranks.
  const ka = padKey(a, length);
  const kb = padKey(b, length);
  for (let i = 0; i < length; i += 1) {
    const x = ka[i]!;
    const y = kb[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

function padKey(v: ParsedVersion, length: number): (string | number)[] {
  const zeros = Array.from({ length: length - v.key.length }, () => '0'.padStart(DIGITS, '0'));
  return [...v.release, ...zeros, ...v.key.slice(v.release.length)];
}

/** `1.2` of `1.2.3`: the group whose newest patch `latest-patch` keeps. */
export function minorOf(v: ParsedVersion): string {
  return `${Number(v.release[0])}.${Number(v.release[1])}`;
}
