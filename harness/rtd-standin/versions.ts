// Versions: the list with its filters, the detail, PATCH/PUT (activating a version queues a build
// by itself; deactivating one unbuilds it), and sync-versions (versions seeded with
// `appearsAfterSyncMs` become visible that long after the next sync). The syncs a branch's creation
// and deletion pushes start by themselves (`branchCreated`, `branchDeleted`), and the version-added
// automation rules that run at a sync.
import { fakeSha } from './model.ts';
import type { ProjectData, VersionAddedRuleSeed, VersionData, VersionSeed } from './model.ts';
import { detail, empty, json, parseBody, parseBool } from './replies.ts';
import type { Reply } from './replies.ts';
import { PROJECT, VSLUG } from './router.ts';
import type { Ctx, Route } from './router.ts';
import type { BuildQueue } from './build-queue.ts';
import type { Store } from './store.ts';

export class VersionResources {
  private readonly store: Store;
  private readonly queue: BuildQueue;
  private readonly addedRules = new Map<string, VersionAddedRuleSeed[]>();

  constructor(store: Store, queue: BuildQueue) {
    this.store = store;
    this.queue = queue;
  }

  add(project: string, v: VersionSeed): void {
    this.store.requireProject(project);
    if (this.store.versions.some((x) => x.project === project && x.slug === v.slug)) {
      throw new Error(`stand-in: version ${project}/${v.slug} already exists`);
    }
    const pending = v.appearsAfterSyncMs !== undefined;
    this.store.versions.push({
      id: this.store.ids.version++,
      project,
      slug: v.slug,
      type: v.type ?? 'branch',
      active: v.active ?? true,
      hidden: v.hidden ?? false,
      built: v.built ?? false,
      privacy: v.privacy ?? 'public',
      commit: v.identifier ?? fakeSha(`${project}/${v.slug}`),
      // FACTS: a PR version's `verbose_name` is the PR number (its slug may be `7_a` beside a branch `7`).
      verboseName: v.verboseName ?? (v.type === 'external' ? v.slug.replace(/_[a-z]+$/, '') : v.slug),
      ...((v.slug === 'stable' && v.machine) || (v.slug === 'latest' && v.machine !== false) ? { machine: true } : {}),
      pendingSyncDelayMs: pending ? (v.appearsAfterSyncMs ?? 0) : null,
      visibleAt: pending ? Infinity : 0,
      ...(v.uploaded ? { uploaded: true } : {}),
    });
  }

  /**
   * A merge queue's branch (`gh-readonly-queue/main/pr-42-<base sha>`) as the service takes it.
   * FACTS: "The queue's `gh-readonly-queue/…` branches appear as new versions only after a sync,
   * inactive unless a rule activates them"; "`verbose_name` is the branch or tag name as git has it;
   * `slug` is made from it (lower case, characters outside `[a-z0-9._-]` become `-`, runs
   * collapsed)". Activating it queues a build of the branch's head, the group's `commit`.
   * This is a branch whose push's own sync has not made the version yet (the service syncs
   * asynchronously): `branchCreated` is the push whose sync came first. Version-added rules run
   * at the API's sync only for a version there at once (`appearsAfterSyncMs` 0).
   * Returns the version's slug.
   */
  addQueueBranch(project: string, branch: string, commit: string, appearsAfterSyncMs = 0): string {
    const slug = branchSlug(branch);
    this.add(project, { slug, type: 'branch', active: false, verboseName: branch, identifier: commit, appearsAfterSyncMs });
    return slug;
  }

  addVersionAddedRule(project: string, rule: VersionAddedRuleSeed): void {
    this.store.requireProject(project);
    this.addedRules.set(project, [...(this.addedRules.get(project) ?? []), rule]);
  }

  /**
   * GitHub's push that creates `branch` (a merge queue's branch too). FACTS: "the queue branch's
   * creation `push` makes it sync (nothing is built unless a rule activates the new version; a rule
   * that activates new branches builds it at once, often before a workflow step starts)". The new
   * version is there at once, inactive and unbuilt, at the branch's head (`commit`,
   * which its builds check out); the version-added rules then run. Returns its slug.
   */
  branchCreated(project: string, branch: string, commit: string): string {
    const slug = branchSlug(branch);
    this.add(project, { slug, type: 'branch', active: false, built: false, verboseName: branch, identifier: commit });
    this.runAddedRules(this.store.versions.at(-1)!, this.store.clock());
    return slug;
  }

  /**
   * GitHub's push that deletes `branch`. FACTS: "the branch's deletion push makes it sync again
   * (deleting the version if it is inactive)"; "an active version whose branch is gone is kept
   * until someone deactivates it". Whether the version was deleted.
   */
  branchDeleted(project: string, branch: string): boolean {
    const v = this.store.versions.find((x) => x.project === project && x.type === 'branch' && x.verboseName === branch);
    if (!v || v.active) return false;
    this.delete(project, v.slug);
    return true;
  }

  /** FACTS: version-added rules "activate or hide them; both of those actions queue a build". */
  private runAddedRules(v: VersionData, now: number): void {
    const rule = (this.addedRules.get(v.project) ?? []).find((r) => new RegExp(r.match).test(v.verboseName));
    if (!rule) return;
    if (rule.action === 'activate') v.active = true;
    else v.hidden = true;
    this.queue.trigger(v, now, 'activation');
  }

  /**
   * Deletes a version as the service does (closed PR versions after 90 days, removed branches):
   * its builds stay in the project's list with `version: null`.
   */
  delete(project: string, slug: string): void {
    const versions = this.store.versions;
    const index = versions.findIndex((v) => v.project === project && v.slug === slug);
    if (index >= 0) versions.splice(index, 1);
    for (const b of this.store.buildList) if (b.project === project && b.version === slug) b.orphaned = true;
  }

  /**
   * The version as the API shows it. The service's `stable` shows the tag or branch it serves
   * (its `identifier` and `type`). FACTS (Versions): "A version's `ref` (API v3) is the commit or
   * branch the service's own `stable`/`latest` alias follows, and `null` for a user's own
   * `stable`/`latest`; `aliases` lists the versions an alias stands for": as the service's
   * serializer has it, `ref` is the slug of the version the service's `stable` points to (null
   * for every other version, `latest` included), and `aliases` the whole version the service's
   * `stable` or `latest` stands for, when that version is active (else, and for every other
   * version, empty).
   */
  json(p: ProjectData, v: VersionData, now: number): Record<string, unknown> {
    const s = this.store;
    const visible = s.versions.filter((x) => x.project === p.slug && x.visibleAt <= now && x.type !== 'external');
    const alias = v.machine ? aliasOf(p, v, visible, s.latestBranchOf(p)) : undefined;
    const shown = v.slug === 'stable' && alias ? { ...v, type: alias.type } : v;
    const identifier = v.slug === 'stable' && alias ? s.identifierOf(p, alias) : s.identifierOf(p, v);
    return {
      ...this.fields(p, shown, now, identifier),
      aliases: alias?.active ? [this.json(p, alias, now)] : [],
      ref: v.slug === 'stable' && alias ? alias.slug : null,
    };
  }

  /** The fields every version has, `aliases` and `ref` aside. */
  private fields(p: ProjectData, v: VersionData, now: number, identifier: string): Record<string, unknown> {
    const s = this.store;
    const self = s.api(`projects/${p.slug}/versions/${v.slug}/`);
    // `latest`'s page on the repository is the branch it follows.
    const tracked = v.slug === 'latest' && v.type === 'branch' ? s.latestBranchOf(p) : undefined;
    const vcsPath = v.type === 'external' ? `pull/${v.slug}` : `tree/${tracked ?? v.slug}`;
    return {
      _links: { _self: self, builds: `${self}builds/`, project: s.api(`projects/${p.slug}/`) },
      active: v.active,
      built: s.versionBuilt(v, now),
      downloads: {},
      hidden: v.hidden,
      id: v.id,
      identifier,
      privacy_level: v.privacy,
      slug: v.slug,
      type: v.type,
      urls: {
        dashboard: { edit: `${s.url}/dashboard/${p.slug}/version/${v.slug}/edit/` },
        documentation: s.docsUrl(p, v.slug, v.type === 'external'),
        vcs: `${p.repositoryUrl}/${vcsPath}/`,
      },
      verbose_name: v.verboseName,
    };
  }

  routes(): Route[] {
    return [
      { pattern: new RegExp(`${PROJECT}/versions/$`), methods: { GET: (c, m) => this.list(c, m[1] ?? '') } },
      {
        pattern: new RegExp(`${PROJECT}/versions/${VSLUG}/$`),
        admin: 'writes',
        methods: {
          GET: (c, m) => this.detail(c, m[1] ?? '', m[2] ?? ''),
          PATCH: (c, m) => this.update(c, m[1] ?? '', m[2] ?? ''),
          PUT: (c, m) => this.update(c, m[1] ?? '', m[2] ?? ''),
        },
      },
      { pattern: new RegExp(`${PROJECT}/sync-versions/$`), admin: 'writes', methods: { POST: (c, m) => this.sync(c, m[1] ?? '') } },
    ];
  }

  /**
   * FACTS: "the versions list (`limit=100`) returns them all, so no per-version GET is needed":
   * each item is the whole version, as the detail gives it. FACTS documents no filter of this
   * list, and django-filter drops a filter it does not know without a word: `active` and `type`
   * are ignored here, so that the action checks each version itself.
   */
  private list(ctx: Ctx, slug: string): Reply {
    const s = this.store;
    const p = s.visibleProject(slug, ctx);
    if (!p) return s.list(ctx, [], (x) => x);
    const built = parseBool(ctx.params.get('built'));
    const privacy = ctx.params.get('privacy_level');
    const slugFilter = ctx.params.get('slug')?.toLowerCase();
    const nameFilter = ctx.params.get('verbose_name')?.toLowerCase();
    const items = s.versions.filter(
      (v) =>
        v.project === p.slug &&
        v.type !== 'external' &&
        v.visibleAt <= ctx.now &&
        (built === null || s.versionBuilt(v, ctx.now) === built) &&
        (!privacy || v.privacy === privacy) &&
        (!slugFilter || v.slug.toLowerCase().includes(slugFilter)) &&
        (!nameFilter || v.verboseName.toLowerCase().includes(nameFilter)),
    );
    return s.list(ctx, items, (v) => this.json(p, v, ctx.now));
  }

  private detail(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const v = p ? this.store.findVersion(p.slug, vslug, ctx.now) : null;
    if (!p || !v || v.type === 'external') return detail(404, 'No Version matches the given query.');
    return json(200, this.json(p, v, ctx.now));
  }

  private update(ctx: Ctx, slug: string, vslug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const v = p ? this.store.findVersion(p.slug, vslug, ctx.now) : null;
    if (!p || !v || v.type === 'external') return detail(404, 'No Version matches the given query.');
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed.reply;
    const fields = parsed.data;
    const errors: Record<string, string[]> = {};
    const boolField = (name: string): boolean | undefined => {
      const raw = fields[name];
      if (raw === undefined) return undefined;
      if (typeof raw === 'boolean') return raw;
      const parsed = typeof raw === 'string' ? parseBool(raw) : null;
      if (parsed === null) errors[name] = ['Must be a valid boolean.'];
      return parsed ?? undefined;
    };
    const active = boolField('active');
    const hidden = boolField('hidden');
    // FACTS: "Version PATCH accepts `active`, `hidden`, and on Business `privacy_level`": on
    // Community the key is ignored as an unknown one, without an error.
    const privacy = p.plan === 'business' ? fields['privacy_level'] : undefined;
    if (privacy !== undefined && privacy !== 'public' && privacy !== 'private') {
      errors['privacy_level'] = [`"${String(privacy)}" is not a valid choice.`];
    }
    if (Object.keys(errors).length > 0) return json(400, errors);
    const wasActive = v.active;
    // FACTS: "The API lets any version be deactivated, the project's `default_version` included
    // (the dashboard refuses that one)": no check here, as in the service.
    if (active !== undefined) v.active = active;
    // FACTS: "Deactivating a version (PATCH `active: false`) deletes its hosted docs and search
    // index and sets `built: false`"; a build still running goes on (nothing with a token cancels it).
    if (wasActive && active === false) {
      v.built = false;
      v.deactivatedAt = ctx.now;
    }
    if (hidden !== undefined) v.hidden = hidden;
    if (privacy === 'public' || privacy === 'private') v.privacy = privacy;
    // Activating a version queues a build by itself.
    if (!wasActive && v.active) this.queue.trigger(v, ctx.now, 'activation');
    return empty(204);
  }

  private sync(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    if (!p.active) return json(400, { triggered: false });
    for (const v of this.store.versions) {
      if (v.project === p.slug && v.pendingSyncDelayMs !== null) {
        v.visibleAt = ctx.now + v.pendingSyncDelayMs;
        // The rules run as the sync makes the version (here, when it is there at once).
        if (v.pendingSyncDelayMs === 0 && !v.active) this.runAddedRules(v, ctx.now);
        v.pendingSyncDelayMs = null;
      }
    }
    return json(202, { triggered: true });
  }
}

/**
 * The version an alias of the service's stands for: `stable`'s highest release, `latest`'s branch
 * (or tag) of the name it follows; undefined for any other version, or when there is none.
 */
function aliasOf(p: ProjectData, v: VersionData, versions: VersionData[], latestBranch: string): VersionData | undefined {
  if (v.slug === 'stable') return highestRelease(versions);
  if (v.slug !== 'latest') return undefined;
  return versions.find((x) => x.slug !== 'latest' && x.verboseName === latestBranch && x.project === p.slug);
}

/**
 * What the service's `stable` serves. FACTS (Versions): "`stable` is the highest non-prerelease
 * (PEP 440, on `verbose_name`) among all internal versions (tags and branches), active or not;
 * deactivating versions never moves it." PEP 440 here is what the stand-in needs: release numbers,
 * pre- and dev-releases left out, post-releases (`1.0-1`, `1.0.post1`) after their release.
 */
function highestRelease(versions: VersionData[]): VersionData | undefined {
  let best: { v: VersionData; key: number[] } | undefined;
  for (const v of versions) {
    if (v.type !== 'tag' && v.type !== 'branch') continue;
    if (v.slug === 'stable' || v.slug === 'latest') continue;
    const m = /^v?(\d+(?:\.\d+)*)(?:(?:-|\.?post)(\d+))?$/i.exec(v.verboseName);
    if (!m) continue;
    const key = [...(m[1] ?? '').split('.').map(Number), -1, Number(m[2] ?? -1)];
    if (!best || compareKeys(key, best.key) > 0) best = { v, key };
  }
  return best?.v;
}

/** Release numbers compared as PEP 440 does (missing parts are zeros), then the post-release. */
function compareKeys(a: number[], b: number[]): number {
  const release = (k: number[]) => k.slice(0, k.indexOf(-1));
  const [ra, rb] = [release(a), release(b)];
  for (let i = 0; i < Math.max(ra.length, rb.length); i++) {
    const d = (ra[i] ?? 0) - (rb[i] ?? 0);
    if (d !== 0) return d;
  }
  return (a[a.length - 1] ?? -1) - (b[b.length - 1] ?? -1);
}

/** A branch's version slug as the service makes it: lower case, outside `[a-z0-9._-]` a `-`, runs collapsed. */
function branchSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-');
}
