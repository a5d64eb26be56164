// How builds come to be: seeded, triggered through the API, or queued by activating a version.
// A trigger never deduplicates: it cancels every non-final build of the version, then queues one
// following the next plan the test gave (the last plan repeats). States then move with the clock
// (model.ts `snapshot`).
import { isFinal } from './model.ts';
import type { BuildData, BuildPlan, BuildSource, VersionData } from './model.ts';
import type { Store } from './store.ts';

const DEFAULT_PLAN: BuildPlan = { durationMs: 3000, outcome: 'success' };

export class BuildQueue {
  private readonly store: Store;
  private readonly plans = new Map<string, BuildPlan[]>();

  constructor(store: Store) {
    this.store = store;
  }

  onTrigger(project: string, version: string, plan: BuildPlan | BuildPlan[]): void {
    this.plans.set(`${project}/${version}`, Array.isArray(plan) ? [...plan] : [plan]);
  }

  create(v: VersionData, plan: BuildPlan, createdAt: number, source: BuildSource, commitFromStart: boolean): BuildData {
    const b: BuildData = {
      id: this.store.ids.build++,
      project: v.project,
      version: v.slug,
      createdAt,
      queueMs: plan.queueMs ?? 0,
      durationMs: plan.durationMs,
      outcome: plan.outcome,
      commit: plan.commit ?? this.defaultCommit(v),
      commitFromStart,
      failingCommand: plan.failingCommand,
      builderCommand: plan.builderCommand,
      notifications: plan.notifications,
      config: plan.config,
      cancelledAt: null,
      source,
    };
    this.store.buildList.push(b);
    return b;
  }

  /**
   * A trigger never deduplicates: it cancels every non-final build of the version, then queues one.
   * A webhook's trigger builds the commit it names (`commit`), known from creation for a pull
   * request's version only.
   */
  trigger(v: VersionData, now: number, source: BuildSource, webhook?: { commit: string; plan?: Omit<BuildPlan, 'commit'> }): BuildData {
    for (const b of this.store.buildList) {
      // FACTS: "`commit` ... stays null for ever when the build is cancelled before cloning (a newer
      // push's build superseded it: notification `build:user:cancelled`, `length` 0)": the
      // cancellation keeps what the build knew then (model.ts `snapshot`), and builds.ts tells it.
      if (b.project === v.project && b.version === v.slug && !isFinal(this.store.snap(b, now).state)) b.cancelledAt = now;
    }
    if (!webhook) return this.create(v, this.nextPlan(v), now, source, false);
    // FACTS: "`commit` is null for API-triggered branch/tag builds until cloning is done ... Webhook-started
    // PR builds, and API triggers of a PR version, carry their commit from creation."
    const plan = { ...(webhook.plan ?? this.nextPlan(v)), commit: webhook.commit };
    return this.create(v, plan, now, source, v.type === 'external');
  }

  private nextPlan(v: VersionData): BuildPlan {
    const queue = this.plans.get(`${v.project}/${v.slug}`);
    if (!queue || queue.length === 0) return DEFAULT_PLAN;
    // Successive triggers take successive plans; the last one repeats.
    return (queue.length > 1 ? queue.shift() : queue[0]) ?? DEFAULT_PLAN;
  }

  private defaultCommit(v: VersionData): string {
    if (v.type === 'external') {
      // Rebuilding a PR version builds the last built commit.
      const last = this.store.buildList.filter((b) => b.project === v.project && b.version === v.slug).at(-1);
      if (last) return last.commit;
    }
    // A branch or tag build checks out the commit its ref points at, as the model knows it.
    return v.commit;
  }
}
