import { redirectKey, WRITE_ONLY_SETTINGS, type DesiredProject, type DesiredRedirect, type SettingName } from './model.js';
import { policyTargets, type PolicyVersion } from './version-policy.js';

/** What the service has now, reduced to what the file can say. */
export interface CurrentState {
  /** Comparable settings: `language` as its code, `repository` as `{url, type}`. */
  settings: Partial<Record<SettingName, unknown>>;
  redirects: CurrentRedirect[];
  subprojects: { child: string; alias: string }[];
  /** Only the versions the file names. */
  versions: Record<string, { active: boolean; hidden: boolean }>;
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

export type PlannedChange =
  | {
      kind: 'version';
      /** `unmanaged`: a deactivation the policy wants, kept without `prune` (it deletes the version's docs). */
      action: 'update' | 'unmanaged';
      slug: string;
      fields: FieldChange[];
      body: { active?: boolean; hidden?: boolean };
      /** Set when `version_policy` asks for it: why. */
      policy?: string;
    }
  | { kind: 'settings'; action: 'update'; fields: FieldChange[]; body: Record<string, unknown> }
  | { kind: 'redirect'; action: 'create'; redirect: DesiredRedirect; position: number }
  | { kind: 'redirect'; action: 'update'; pk: number; redirect: DesiredRedirect; position: number; fields: FieldChange[] }
  | { kind: 'redirect'; action: 'delete' | 'unmanaged'; pk: number; redirect: DesiredRedirect }
  | { kind: 'subproject'; action: 'create' | 'delete' | 'unmanaged'; child: string; alias: string };

export interface ProjectPlan {
  project: string;
  /** In the order they are carried out: creations and updates first, deletions last. */
  changes: PlannedChange[];
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

/** The plan for one project: pure, in the order it is to be carried out. */
export function planProject(project: string, desired: DesiredProject, current: CurrentState, prune: boolean): ProjectPlan {
  const changes: PlannedChange[] = [];
  for (const [slug, wanted] of Object.entries(desired.versions ?? {})) {
    const now = current.versions[slug];
    if (!now) continue;
    const fields: FieldChange[] = [];
    const body: { active?: boolean; hidden?: boolean } = {};
    for (const field of ['active', 'hidden'] as const) {
      if (wanted[field] !== undefined && wanted[field] !== now[field]) {
        fields.push({ field, old: now[field], new: wanted[field] });
        body[field] = wanted[field];
      }
    }
    if (fields.length > 0) changes.push({ kind: 'version', action: 'update', slug, fields, body });
  }
  const policyDeactivations = planVersionPolicy(desired, current, prune, changes);

  if (desired.settings) {
    const fields: FieldChange[] = [];
    const body: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(desired.settings) as [SettingName, unknown][]) {
      if (value === undefined) continue;
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

  const deletions: PlannedChange[] = [];
  if (desired.redirects) planRedirects(desired.redirects, current.redirects, prune, changes, deletions);
  if (desired.subprojects) {
    const wanted = new Map(desired.subprojects.map((s) => [s.alias, s]));
    const existing = new Map(current.subprojects.map((s) => [s.alias, s]));
    for (const [alias, s] of wanted) {
      const now = existing.get(alias);
      if (now && now.child === s.child) continue;
      // The alias serves another child: with prune that one is removed first (the alias is taken
      // until then); without, it is kept and the create is left for the service to refuse, by name.
      if (now && prune) changes.push({ kind: 'subproject', action: 'delete', child: now.child, alias });
      if (now && !prune) deletions.push({ kind: 'subproject', action: 'unmanaged', child: now.child, alias });
      changes.push({ kind: 'subproject', action: 'create', child: s.child, alias });
    }
    for (const [alias, s] of existing) {
      if (wanted.has(alias)) continue;
      deletions.push({ kind: 'subproject', action: prune ? 'delete' : 'unmanaged', child: s.child, alias });
    }
  }
  return { project, changes: [...changes, ...deletions, ...policyDeactivations] };
}

/**
 * `version_policy`: activations and hidings join `changes`; deactivations (they delete the
 * version's hosted docs) are returned to go last, as writes with `prune`, else kept and reported.
 * Versions named under `versions:` follow their entry.
 */
function planVersionPolicy(desired: DesiredProject, current: CurrentState, prune: boolean, changes: PlannedChange[]): PlannedChange[] {
  if (!desired.versionPolicy || !current.versionList) return [];
  const deactivations: PlannedChange[] = [];
  const bySlug = new Map(current.versionList.map((v) => [v.slug, v]));
  const named = new Set(Object.keys(desired.versions ?? {}));
  for (const target of policyTargets(current.versionList, desired.versionPolicy, named)) {
    const now = bySlug.get(target.slug)!;
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

function sameSetting(name: SettingName, current: unknown, wanted: unknown): boolean {
  if (name === 'tags' && Array.isArray(current) && Array.isArray(wanted)) {
    return JSON.stringify([...current].map(String).sort()) === JSON.stringify([...wanted].map(String).sort());
  }
  if (name === 'repository' && current && typeof current === 'object' && wanted && typeof wanted === 'object') {
    const a = current as { url?: unknown; type?: unknown };
    const b = wanted as { url?: unknown; type?: unknown };
    return a.url === b.url && (a.type ?? 'git') === (b.type ?? 'git');
  }
  return current === wanted;
}

/**
 * Redirects are placed one by one in the file's order: the i-th is created at position i, or moved
 * there, as the service re-orders on every insert. The plan simulates that list, so an insertion
 * does not count the redirects after it as moved. Listed redirects end at positions 0..n-1; the
 * others follow them and are deleted (with `prune`) last.
 */
function planRedirects(
  desired: DesiredRedirect[],
  current: CurrentRedirect[],
  prune: boolean,
  changes: PlannedChange[],
  deletions: PlannedChange[],
): void {
  type Slot = { pk: number | undefined; redirect: DesiredRedirect };
  const list: Slot[] = [...current].sort((a, b) => a.position - b.position || a.pk - b.pk).map((r) => ({ pk: r.pk, redirect: r }));
  const byKey = new Map<string, CurrentRedirect>();
  for (const r of current) if (!byKey.has(redirectKey(r))) byKey.set(redirectKey(r), r);
  const used = new Set<number>();
  for (const [position, wanted] of desired.entries()) {
    const match = byKey.get(redirectKey(wanted));
    if (!match) {
      changes.push({ kind: 'redirect', action: 'create', redirect: wanted, position });
      list.splice(position, 0, { pk: undefined, redirect: wanted });
      continue;
    }
    used.add(match.pk);
    const index = list.findIndex((slot) => slot.pk === match.pk);
    const fields: FieldChange[] = REDIRECT_FIELDS.filter((field) => match[field] !== wanted[field]).map((field) => ({
      field,
      old: match[field],
      new: wanted[field],
    }));
    if (index !== position) fields.push({ field: 'position', old: index, new: position });
    if (fields.length === 0) continue;
    changes.push({ kind: 'redirect', action: 'update', pk: match.pk, redirect: wanted, position, fields });
    const [slot] = list.splice(index, 1);
    list.splice(position, 0, slot!);
  }
  for (const r of current) {
    if (used.has(r.pk)) continue;
    deletions.push({ kind: 'redirect', action: prune ? 'delete' : 'unmanaged', pk: r.pk, redirect: r });
  }
}
