import { WRITE_ONLY_SETTINGS, type DesiredProject, type DesiredRedirect, type SettingName, type VersionSettings } from './model.js';
import { modernEquivalent, redirectKey } from './normal-form.js';
import { policyTargets, type PolicyVersion } from './version-policy.js';

/** What the service has now, reduced to what the file can say. */
export interface CurrentState {
  /** Comparable settings: `language` as its code, `repository` as `{url, type}`. */
  settings: Partial<Record<SettingName, unknown>>;
  /** In the service's normal form (see `currentRedirect`). */
  redirects: CurrentRedirect[];
  subprojects: { child: string; alias: string }[];
  /** Only the versions the file names. */
  versions: Record<string, { active: boolean; hidden: boolean; privacy_level?: string }>;
  /** Every version of the project, read when the file has a `version_policy`. */
  versionList?: PolicyVersion[];
}

export interface CurrentRedirect extends DesiredRedirect {
  pk: number;
  position: number;
}

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
  /** The service never returns it: sent as written, not compared. */
  writeOnly?: boolean;
}

type VersionBody = VersionSettings;

export type PlannedChange =
  | {
      kind: 'version';
      /** `unmanaged`: a deactivation the policy wants, kept without `prune` (it deletes the version's docs). */
      action: 'update' | 'unmanaged';
      slug: string;
      fields: FieldChange[];
      body: VersionBody;
      /** Set when `version_policy` asks for it: why. */
      policy?: string;
    }
  | { kind: 'settings'; action: 'update'; fields: FieldChange[]; body: Record<string, unknown> }
  /** `position`: where it ends; `at`: the position sent, where it goes in the list as it is at that moment. */
  | { kind: 'redirect'; action: 'create'; redirect: DesiredRedirect; position: number; at: number }
  | { kind: 'redirect'; action: 'update'; pk: number; redirect: DesiredRedirect; position: number; at: number; fields: FieldChange[] }
  | { kind: 'redirect'; action: 'delete' | 'unmanaged'; pk: number; redirect: DesiredRedirect }
  | { kind: 'subproject'; action: 'create' | 'delete' | 'unmanaged'; child: string; alias: string };

/** A version `version_policy` would deactivate but keeps active: the project's default version. */
export interface KeptVersion {
  slug: string;
  /** Why, in plain text (the word "default" in it). */
  reason: string;
  /** What the policy said of it (`older patch of 1.0`). */
  policy: string;
}

export interface ProjectPlan {
  project: string;
  /**
   * In the order they are carried out: versions (but deactivations), settings, the versions the
   * file deactivates, redirect deletions, redirect creations and updates, subproject deletions,
   * subproject creations, the policy's deactivations; unmanaged entries (kept) last.
   */
  changes: PlannedChange[];
  /**
   * Redirects the project stores in the removed `$rest` syntax that the plan leaves as they are:
   * `listed` when the file names them (in the `*`/`:splat` syntax), else kept unmanaged.
   */
  legacy: { redirect: DesiredRedirect; listed: boolean }[];
  /** Versions `version_policy` would deactivate but keeps active, and why (the project's default version). */
  kept: KeptVersion[];
}

/** A change that writes (unmanaged entries are only reported). */
export function isWrite(change: PlannedChange): boolean {
  return change.action !== 'unmanaged';
}

/** Changes that count: writes, not counting a settings PATCH that only sends write-only fields. */
export function countsAsChange(change: PlannedChange): boolean {
  if (!isWrite(change)) return false;
  if (change.kind === 'settings') return change.fields.some((field) => !field.writeOnly);
  return true;
}

const REDIRECT_FIELDS = ['http_status', 'force', 'enabled', 'description'] as const;
const VERSION_FIELDS = ['active', 'hidden', 'privacy_level'] as const;

/** The plan for one project: pure, in the order it is to be carried out. */
export function planProject(project: string, desired: DesiredProject, current: CurrentState, prune: boolean): ProjectPlan {
  const changes: PlannedChange[] = [];
  const unmanaged: PlannedChange[] = [];
  const deactivations: PlannedChange[] = [];
  for (const [slug, wanted] of Object.entries(desired.versions ?? {})) {
    const now = current.versions[slug];
    if (!now) continue;
    const fields: FieldChange[] = [];
    const body: VersionBody = {};
    for (const field of VERSION_FIELDS) {
      if (wanted[field] !== undefined && wanted[field] !== now[field]) {
        fields.push({ field, old: now[field] ?? null, new: wanted[field] });
        Object.assign(body, { [field]: wanted[field] });
      }
    }
    if (fields.length === 0) continue;
    // A deactivation waits for the settings: a file that moves `default_version` off a version and
    // deactivates it never leaves the default inactive in between.
    if (body.active === false) deactivations.push({ kind: 'version', action: 'update', slug, fields, body });
    else changes.push({ kind: 'version', action: 'update', slug, fields, body });
  }
  const kept: ProjectPlan['kept'] = [];
  const policyDeactivations = planVersionPolicy(desired, current, prune, changes, kept);

  if (desired.settings) {
    const fields: FieldChange[] = [];
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(desired.settings) as [SettingName, unknown][]) {
      // FACTS: "`show_version_warning` has no effect anywhere in the service": not sent (the file check says so).
      if (value === undefined || name === 'show_version_warning') continue;
      if ((WRITE_ONLY_SETTINGS as readonly string[]).includes(name)) {
        fields.push({ field: name, old: undefined, new: value, writeOnly: true });
        body[name] = value;
      } else if (!sameSetting(name, current.settings[name], value)) {
        fields.push({ field: name, old: current.settings[name] ?? null, new: value });
        body[name] = value;
      }
    }
    if (fields.length > 0) changes.push({ kind: 'settings', action: 'update', fields, body });
  }
  for (const change of deactivations) changes.push(change);

  const legacy: ProjectPlan['legacy'] = [];
  if (desired.redirects) planRedirects(desired.redirects, current.redirects, prune, changes, unmanaged, legacy);
  if (desired.subprojects) planSubprojects(desired.subprojects, current.subprojects, prune, changes, unmanaged);
  // The policy's deactivations (they delete hosted docs) after every other write.
  return { project, changes: [...changes, ...policyDeactivations, ...unmanaged], legacy, kept };
}

/**
 * The project's default version once the plan is carried out: the file's `default_version` when it
 * sets one, else the service's.
 */
export function defaultVersionOf(desired: DesiredProject, current: CurrentState): string | undefined {
  const value = desired.settings?.default_version ?? current.settings.default_version;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * `version_policy`: activations and hidings join `changes`; deactivations (they delete the
 * version's hosted docs) are returned to go last, as writes with `prune`, else kept and reported.
 * Versions named under `versions:` follow their entry.
 */
function planVersionPolicy(
  desired: DesiredProject,
  current: CurrentState,
  prune: boolean,
  changes: PlannedChange[],
  kept: ProjectPlan['kept'],
): PlannedChange[] {
  if (!desired.versionPolicy || !current.versionList) return [];
  const deactivations: PlannedChange[] = [];
  const bySlug = new Map(current.versionList.map((v) => [v.slug, v]));
  const named = new Set(Object.keys(desired.versions ?? {}));
  const defaultVersion = defaultVersionOf(desired, current);
  for (const target of policyTargets(current.versionList, desired.versionPolicy, named)) {
    const now = bySlug.get(target.slug)!;
    // FACTS: "The API lets any version be deactivated, the project's `default_version` included (the
    // dashboard refuses that one [...])"; the root then serves `latest` or answers 404: the policy never does.
    if (!target.active && target.slug === defaultVersion) {
      kept.push({
        slug: target.slug,
        policy: target.reason,
        reason: `the project's default version (\`default_version\`) stays active: deactivating it would delete its docs, which the docs root serves (the policy would deactivate it: ${target.reason})`,
      });
      continue;
    }
    const fields: FieldChange[] = [];
    const body: { active?: boolean; hidden?: boolean } = {};
    if (now.active !== target.active) {
      fields.push({ field: 'active', old: now.active, new: target.active });
      body.active = target.active;
    }
    if (target.active && target.hidden !== undefined && now.hidden !== target.hidden) {
      fields.push({ field: 'hidden', old: now.hidden, new: target.hidden });
      body.hidden = target.hidden;
    }
    if (fields.length === 0) continue;
    const change = { kind: 'version' as const, slug: target.slug, fields, body, policy: target.reason };
    if (target.active) changes.push({ ...change, action: 'update' });
    else deactivations.push({ ...change, action: prune ? 'update' : 'unmanaged' });
  }
  return deactivations;
}

/** Whether the service's value already is the file's (it may spell it its own way). */
export function sameSetting(name: SettingName, current: unknown, wanted: unknown): boolean {
  if (name === 'tags' && Array.isArray(current) && Array.isArray(wanted)) {
    return JSON.stringify([...current].map(String).sort()) === JSON.stringify([...wanted].map(String).sort());
  }
  if (name === 'repository' && current && typeof current === 'object' && wanted && typeof wanted === 'object') {
    const a = current as { url?: unknown; type?: unknown };
    const b = wanted as { url?: unknown; type?: unknown };
    return sameRepository(a.url, b.url) && (a.type ?? 'git') === (b.type ?? 'git');
  }
  // No path set: the service shows null (and takes an empty one as none).
  // FACTS: "stored trimmed (`''` becomes null)": a padded value in the file is the stored one.
  if (name === 'readthedocs_yaml_path') return trimmed(current) === trimmed(wanted);
  return current === wanted;
}

function trimmed(value: unknown): unknown {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value.trim() : value;
}

/**
 * The same repository, however it is spelled. FACTS: "a project connected to a repository gets
 * that repository's clone URL as `repository.url`": `https://github.com/acme/docs` in the file and
 * `https://github.com/acme/docs.git` (or `git@github.com:acme/docs.git`) kept by the service are one
 * repository, not a change to make on every run.
 */
export function sameRepository(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return a === b;
  return a === b || repositoryIdentity(a) === repositoryIdentity(b);
}

function repositoryIdentity(url: string): string {
  let text = url.trim();
  const ssh = /^(?:ssh:\/\/)?git@([^:/]+)[:/](.*)$/.exec(text);
  if (ssh) text = `https://${ssh[1]}/${ssh[2]}`;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return text;
  }
  let path = parsed.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  if (path.endsWith('.git')) path = path.slice(0, -4);
  return `${parsed.hostname.toLowerCase()}${path.toLowerCase()}`;
}

/**
 * Redirects, with the fewest writes the service's ordering allows (FACTS: "a create or a position
 * change shifts the others; a delete closes the gap by itself"). The listed redirects end at
 * positions 0..n-1 in the file's order, the unmanaged ones (kept without `prune`) after them.
 *
 * 1. Deletions first (with `prune`): a Community project holds 100 redirects, so a create waits
 *    for room; and a delete costs no position update.
 * 2. The listed redirects that exist unchanged and may stay where they are: the longest run of
 *    them already in the file's order (a longest increasing subsequence), all before the first
 *    unmanaged one. Every other listed redirect is written once: created, or updated (PUT) with
 *    its new fields and position together.
 * 3. The writes go in the file's order, each placed right after the listed redirect before it in
 *    the list as it is at that moment (simulated here), so that the redirects left alone, the ones
 *    placed and the unmanaged ones are always in their final order.
 *
 * Removing the first of 100 redirects is one delete; inserting one is one create; moving one is
 * one update.
 */
function planRedirects(
  desired: DesiredRedirect[],
  current: CurrentRedirect[],
  prune: boolean,
  changes: PlannedChange[],
  unmanaged: PlannedChange[],
  legacy: ProjectPlan['legacy'],
): void {
  const ordered = [...current].sort((a, b) => a.position - b.position || a.pk - b.pk);
  const byKey = new Map<string, CurrentRedirect>();
  for (const r of ordered) if (!byKey.has(redirectKey(r))) byKey.set(redirectKey(r), r);
  const matched = new Map<number, { wanted: DesiredRedirect; target: number; fields: FieldChange[] }>();
  for (const [target, wanted] of desired.entries()) {
    const match = byKey.get(redirectKey(wanted));
    if (!match || matched.has(match.pk)) continue;
    const fields = REDIRECT_FIELDS.filter((field) => match[field] !== wanted[field]).map((field) => ({
      field,
      old: match[field],
      new: wanted[field],
    }));
    matched.set(match.pk, { wanted, target, fields });
  }

  // 1. Deletions; what is left is the list the writes start from.
  const list: { pk: number | undefined; key: string }[] = [];
  for (const r of ordered) {
    if (matched.has(r.pk) || !prune) list.push({ pk: r.pk, key: redirectKey(r) });
    if (matched.has(r.pk)) continue;
    if (prune) changes.push({ kind: 'redirect', action: 'delete', pk: r.pk, redirect: r });
    else unmanaged.push({ kind: 'redirect', action: 'unmanaged', pk: r.pk, redirect: r });
  }

  // 2. The listed redirects that stay: unchanged, before the first unmanaged one, in the file's order.
  const firstUnmanaged = list.findIndex((slot) => !matched.has(slot.pk!));
  const candidates = (firstUnmanaged < 0 ? list : list.slice(0, firstUnmanaged))
    .map((slot) => ({ pk: slot.pk!, ...matched.get(slot.pk!)! }))
    .filter((m) => m.fields.length === 0);
  const staying = new Set(longestIncreasing(candidates.map((c) => c.target)).map((i) => candidates[i]!.pk));

  // 3. The writes, in the file's order, on the simulated list.
  const slots = list.map((slot) => slot.pk);
  const startIndex = new Map(list.map((slot, index) => [slot.pk, index]));
  let previous: number | undefined;
  let created = -1;
  for (const [target, wanted] of desired.entries()) {
    const match = byKey.get(redirectKey(wanted));
    const entry = match && matched.get(match.pk)?.target === target ? match : undefined;
    if (entry && staying.has(entry.pk)) {
      previous = entry.pk;
      if (modernEquivalent(entry.from, entry.to)) legacy.push({ redirect: entry, listed: true });
      continue;
    }
    const at = previous === undefined ? 0 : slots.indexOf(previous) + 1;
    if (entry) {
      const from = slots.indexOf(entry.pk);
      slots.splice(from, 1);
      const place = previous === undefined ? 0 : slots.indexOf(previous) + 1;
      slots.splice(place, 0, entry.pk);
      const fields = [...matched.get(entry.pk)!.fields];
      // Where it is once the deletions are done, and where it ends.
      const old = startIndex.get(entry.pk)!;
      if (old !== target || fields.length === 0) fields.push({ field: 'position', old, new: target });
      // A stored `$rest` redirect that is written is rewritten in the file's `*`/`:splat` syntax.
      if (modernEquivalent(entry.from, entry.to))
        fields.push({ field: 'syntax', old: `${entry.from} → ${entry.to}`, new: `${wanted.from} → ${wanted.to}` });
      changes.push({ kind: 'redirect', action: 'update', pk: entry.pk, redirect: wanted, position: target, at: place, fields });
      previous = entry.pk;
    } else {
      // A placeholder pk for the simulation only: below zero, never one of the service's.
      slots.splice(at, 0, created);
      changes.push({ kind: 'redirect', action: 'create', redirect: wanted, position: target, at });
      previous = created;
      created -= 1;
    }
  }
  for (const r of ordered) {
    if (!matched.has(r.pk) && !prune && modernEquivalent(r.from, r.to)) legacy.push({ redirect: r, listed: false });
  }
}

/**
 * Indexes of a longest strictly increasing subsequence of `values`, in order (patience sorting,
 * O(n log n)).
 */
export function longestIncreasing(values: number[]): number[] {
  const tails: number[] = [];
  const before: number[] = new Array(values.length).fill(-1);
  for (const [i, value] of values.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (values[tails[mid]!]! < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) before[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const out: number[] = [];
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = before[i]!) out.push(i);
  return out.reverse();
}

/**
 * Subprojects: every deletion before any creation. FACTS: "a child that is already the subproject
 * of any project [...] is refused [...]. So changing a child's alias means delete, then create. An
 * alias must be unique in the parent". A child the file gives another alias is moved (its old
 * relation deleted, with or without `prune`: the file names that child); an alias the file gives to
 * another child is freed with `prune`, and otherwise kept (the service then refuses the creation,
 * by name).
 */
function planSubprojects(
  desired: { child: string; alias: string }[],
  current: { child: string; alias: string }[],
  prune: boolean,
  changes: PlannedChange[],
  unmanaged: PlannedChange[],
): void {
  const wantedAliases = new Map(desired.map((s) => [s.alias, s]));
  const wantedChildren = new Map(desired.map((s) => [s.child, s]));
  const deletions: PlannedChange[] = [];
  for (const s of current) {
    const wanted = wantedAliases.get(s.alias);
    if (wanted && wanted.child === s.child) continue;
    const moved = wantedChildren.has(s.child);
    if (moved || prune) deletions.push({ kind: 'subproject', action: 'delete', child: s.child, alias: s.alias });
    else unmanaged.push({ kind: 'subproject', action: 'unmanaged', child: s.child, alias: s.alias });
  }
  const existing = new Set(current.map((s) => `${s.alias}\u0000${s.child}`));
  const creations: PlannedChange[] = desired
    .filter((s) => !existing.has(`${s.alias}\u0000${s.child}`))
    .map((s) => ({ kind: 'subproject', action: 'create', child: s.child, alias: s.alias }));
  for (const change of [...deletions, ...creations]) changes.push(change);
}
