/**
 * Version names read as PEP 440 (`1.2.0`, `1.2.0rc1`, `1.2.0.post1`, `1.2.dev3`) or SemVer (`1.2.0`,
 * `1.2.0-rc.1`, `1.2.0-beta2+build.5`) versions, with or without a leading `v`: pure, bounded
 * parsing shared by `apply`'s `version_policy` and `health`'s release tags.
 */

/** A parsed version: compared by `epoch`, `release`, then `key`; grouped by `minor`. */
export interface ParsedVersion {
  /** PEP 440's epoch (`1!2.0`), zero-padded; `0` when the tag has none. */
  epoch: string;
  /** The release numbers, zero-padded to `DIGITS` (compared as text: no number loses precision). */
  release: string[];
  prerelease: boolean;
  /** Sortable parts after the release, each zero-padded text: pre-release rank and number, post, dev. */
  key: string[];
}

/** Longer names are not versions (the parse stays small and bounded). */
const MAX_TAG_LENGTH = 80;

// One pass each, anchored, over at most MAX_TAG_LENGTH characters. PEP 440: an epoch (`1!`), the
// release, a pre-release, a post-release (`.post1`, or the implicit `-1`: `1.0-1` is `1.0.post1`),
// a dev release and a local label.
const PEP440 =
  /^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d*))?(?:[-_.]?(dev)[-_.]?(\d*))?(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$/;
const SEMVER = /^v?(\d+(?:\.\d+)*)-([0-9a-z-]+(?:\.[0-9a-z-]+)*)(?:\+[0-9a-z-]+(?:\.[0-9a-z-]+)*)?$/;

/** Ranks of a pre-release kind: a dev release (alone) first, then other SemVer labels, a, b, rc; a release last. */
const PRE_RANK: Record<string, number> = { dev: 0, other: 1, a: 2, alpha: 2, b: 3, beta: 3, c: 4, rc: 4, pre: 4, preview: 4 };
const RELEASE_RANK = 5;
/**
 * Numbers are compared on this many digits, as zero-padded text (a 20-digit part is past what a
 * JavaScript number holds exactly); longer numbers are not versions.
 */
const DIGITS = 20;
const ZERO = '0'.padStart(DIGITS, '0');
/** Sorts before every padded number: "no post-release". */
const NONE = '';

/** A number as sortable text, or undefined when it is too long to be a version's. */
function padded(text: string | undefined): string | undefined {
  const digits = (text ?? '').replace(/^0+(?=\d)/, '') || '0';
  return digits.length > DIGITS ? undefined : digits.padStart(DIGITS, '0');
}

/** The version a tag names, or undefined when it is not one. */
export function parseVersionTag(name: string): ParsedVersion | undefined {
  const text = name.trim().toLowerCase();
  if (text === '' || text.length > MAX_TAG_LENGTH) return undefined;
  const pep = PEP440.exec(text);
  if (pep) {
    const epoch = padded(pep[1]);
    const release = releaseParts(pep[2]!);
    const pre = pep[3];
    const hasPost = pep[5] !== undefined || pep[6] !== undefined;
    const dev = pep[8] !== undefined;
    const numbers = [padded(pep[4]), hasPost ? padded(pep[5] ?? pep[7]) : NONE, padded(pep[9])];
    if (epoch === undefined || !release || numbers.includes(undefined)) return undefined;
    const [preNumber, post, devNumber] = numbers as string[];
    // A dev release alone sorts before every pre-release of its version; after one, before it.
    const rank = pre !== undefined ? PRE_RANK[pre]! : dev && !hasPost ? PRE_RANK.dev! : RELEASE_RANK;
    return {
      epoch,
      release,
      prerelease: pre !== undefined || dev,
      key: [String(rank), preNumber!, post!, dev ? '0' : '1', devNumber!],
    };
  }
  const sem = SEMVER.exec(text);
  if (sem) {
    const release = releaseParts(sem[1]!);
    if (!release) return undefined;
    const identifiers = sem[2]!.split('.');
    const label = /^([a-z-]*?)-?(\d*)$/.exec(identifiers[0]!);
    const kind = label && Object.hasOwn(PRE_RANK, label[1]!) ? label[1]! : 'other';
    const numeric = padded(label?.[2] ? label[2] : identifiers.slice(1).find((part) => /^\d+$/.test(part)));
    if (numeric === undefined) return undefined;
    return { epoch: ZERO, release, prerelease: true, key: [String(PRE_RANK[kind]!), numeric, NONE, '1', ZERO] };
  }
  return undefined;
}

/** `1.02.3` → ['1', '2', '3'] padded for comparison; undefined for numbers too long to be versions. */
function releaseParts(text: string): string[] | undefined {
  const parts = text.split('.').map(padded);
  if (parts.length > 6 || parts.includes(undefined)) return undefined;
  while (parts.length < 3) parts.push(ZERO);
  return parts as string[];
}

/** Negative, zero or positive, as `a` sorts before, with or after `b`. */
export function compareVersions(a: ParsedVersion, b: ParsedVersion): number {
  if (a.epoch !== b.epoch) return a.epoch < b.epoch ? -1 : 1;
  const release = compareRelease(a, b);
  if (release !== 0) return release;
  for (let i = 0; i < Math.max(a.key.length, b.key.length); i += 1) {
    const x = a.key[i] ?? NONE;
    const y = b.key[i] ?? NONE;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** A padded number as it is written (`00…012` → `12`), exact at any length. */
function shownNumber(part: string | undefined): string {
  return (part ?? ZERO).replace(/^0+(?=\d)/, '');
}

/** `1.2` of `1.2.3` (`1!2.0` of `1!2.0.5`): the group whose newest patch `latest-patch` keeps. */
export function minorOf(v: ParsedVersion): string {
  const epoch = v.epoch === ZERO ? '' : `${shownNumber(v.epoch)}!`;
  return `${epoch}${shownNumber(v.release[0])}.${shownNumber(v.release[1])}`;
}

/** Compares the epoch and release numbers only (`1.2.0rc1` and `1.2.0` are equal). */
export function compareRelease(a: ParsedVersion, b: ParsedVersion): number {
  if (a.epoch !== b.epoch) return a.epoch < b.epoch ? -1 : 1;
  const length = Math.max(a.release.length, b.release.length);
  for (let i = 0; i < length; i += 1) {
    const x = a.release[i] ?? ZERO;
    const y = b.release[i] ?? ZERO;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
