// A project's own notifications (`GET /projects/{p}/notifications/`, an admin token's). FACTS
// (Builds): "Community disables a project's builds after 25 consecutive failed builds of its
// default version: ... the project notification `project:builds:disabled-due-to-consecutive-failures`
// says why"; "Notifications are listed in every state (`unread`, `read`, `dismissed`, `cancelled`):
// once builds are re-enabled that notification becomes `cancelled` but stays in the list. Filter
// with `?state__in=unread,read`." Modelled: the notification is there, `unread`, while the default
// version's last 25 final builds all failed on Community (those that ended before a re-enable do
// not count), or while a test disables the builds as the dashboard shows them; once they are
// re-enabled (by a test, or a later success) it stays, `cancelled`. Other notifications are seeded.
import type { ProjectData } from './model.ts';
import { json } from './replies.ts';
import type { Reply } from './replies.ts';
import { PROJECT } from './router.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';

const BUILDS_DISABLED = 'project:builds:disabled-due-to-consecutive-failures';
/** Failed builds of the default version in a row after which Community disables the project's builds. */
const CONSECUTIVE_FAILURES = 25;
/** The service's notification states (its `NotificationState` choices). */
const STATES = ['unread', 'read', 'dismissed', 'cancelled'] as const;
export type NotificationState = (typeof STATES)[number];

/** A project notification other than the builds-disabled one, as the service would list it. */
export interface ProjectNotificationSeed {
  id: string;
  header: string;
  body: string;
  state: NotificationState;
  type?: 'error' | 'warning' | 'info' | 'note' | 'tip';
}

export class ProjectNotificationResources {
  private readonly store: Store;
  /** Projects whose builds were disabled by hand (a seed), whatever their builds say. */
  private readonly disabled = new Set<string>();
  /** When a project's builds were last re-enabled: failures that ended before do not count. */
  private readonly reEnabledAt = new Map<string, number>();
  /** Projects whose builds were disabled once: their notification stays listed. */
  private readonly wasDisabled = new Set<string>();
  private readonly seeded = new Map<string, ProjectNotificationSeed[]>();

  constructor(store: Store) {
    this.store = store;
  }

  disable(project: string, disabled = true): void {
    const p = this.store.requireProject(project);
    const now = this.store.clock();
    if (disabled) {
      this.disabled.add(project);
      this.wasDisabled.add(project);
    } else if (this.buildsDisabled(p, now)) {
      this.disabled.delete(project);
      this.reEnabledAt.set(project, now);
    }
  }

  add(project: string, seed: ProjectNotificationSeed): void {
    this.store.requireProject(project);
    this.seeded.set(project, [...(this.seeded.get(project) ?? []), seed]);
  }

  /** Whether the service has disabled the project's builds now. */
  buildsDisabled(p: ProjectData, now: number): boolean {
    if (this.disabled.has(p.slug)) return true;
    return this.failureRuns(p, now).trailing >= CONSECUTIVE_FAILURES;
  }

  /**
   * The default version's final builds, oldest first, on Community: the longest run of failures
   * (ever) and the current one (since the last re-enable).
   */
  private failureRuns(p: ProjectData, now: number): { longest: number; trailing: number } {
    if (p.plan !== 'community') return { longest: 0, trailing: 0 };
    const since = this.reEnabledAt.get(p.slug) ?? Number.NEGATIVE_INFINITY;
    const final = this.store.buildList
      .filter((b) => b.project === p.slug && b.version === p.defaultVersion)
      .map((b) => this.store.snap(b, now))
      .filter((s) => s.state === 'finished' || s.state === 'cancelled')
      .sort((a, b) => (a.endedAt ?? 0) - (b.endedAt ?? 0));
    let longest = 0;
    let run = 0;
    let trailing = 0;
    for (const s of final) {
      const failed = s.state === 'finished' && s.success === false;
      run = failed ? run + 1 : 0;
      longest = Math.max(longest, run);
      trailing = failed && (s.endedAt ?? 0) >= since ? trailing + 1 : 0;
    }
    return { longest, trailing };
  }

  /** The builds-disabled notification's state, or undefined when the builds were never disabled. */
  private disabledState(p: ProjectData, now: number): NotificationState | undefined {
    if (this.buildsDisabled(p, now)) return 'unread';
    const once = this.wasDisabled.has(p.slug) || this.failureRuns(p, now).longest >= CONSECUTIVE_FAILURES;
    return once ? 'cancelled' : undefined;
  }

  routes(): Route[] {
    return [
      {
        pattern: new RegExp(`${PROJECT}/notifications/$`),
        tokenOnly: true,
        admin: 'all',
        methods: { GET: (c, m) => this.list(c, m[1] ?? '') },
      },
    ];
  }

  private list(ctx: Ctx, slug: string): Reply {
    // django-filter: `state` (one choice) and `state__in` (a comma-separated list); a value that is
    // not a choice is a 400 naming the filter.
    const wanted = new Set<string>(STATES);
    for (const [name, raw] of [
      ['state', ctx.params.get('state')],
      ['state__in', ctx.params.get('state__in')],
    ] as const) {
      if (raw === null || raw === '') continue;
      const values = name === 'state' ? [raw] : raw.split(',');
      const bad = values.find((value) => !(STATES as readonly string[]).includes(value));
      if (bad !== undefined) return json(400, { [name]: [`Select a valid choice. ${bad} is not one of the available choices.`] });
      for (const state of STATES) if (!values.includes(state)) wanted.delete(state);
    }
    // FACTS (Lists): a nested list under an unknown or private project answers 200 with `count: 0`.
    const p = this.store.visibleProject(slug, ctx);
    const items = p ? this.notifications(p, ctx.now).filter((n) => wanted.has(n.state)) : [];
    return this.store.list(ctx, items, (n) => n);
  }

  private notifications(p: ProjectData, now: number): { state: NotificationState }[] {
    const items: ({ state: NotificationState } & Record<string, unknown>)[] = [];
    const disabled = this.disabledState(p, now);
    if (disabled !== undefined) {
      items.push(
        notification(1, p, disabled, {
          id: BUILDS_DISABLED,
          header: 'Builds disabled due to consecutive failures',
          body: `Your project has been disabled because its default version failed ${CONSECUTIVE_FAILURES} times in a row. Fix the build and re-enable the builds in the project's settings.`,
          type: 'error',
        }),
      );
    }
    (this.seeded.get(p.slug) ?? []).forEach((seed, i) => {
      items.push(notification(i + 2, p, seed.state, { id: seed.id, header: seed.header, body: seed.body, type: seed.type ?? 'info' }));
    });
    return items;
  }
}

function notification(
  id: number,
  p: ProjectData,
  state: NotificationState,
  message: { id: string; header: string; body: string; type: string },
): { state: NotificationState } & Record<string, unknown> {
  return {
    id,
    state,
    dismissable: false,
    news: false,
    attached_to_content_type: 'project',
    attached_to_id: p.id,
    message: { ...message, icon_classes: message.type === 'error' ? 'fa-solid fa-circle-xmark' : 'fa-solid fa-circle-info' },
  };
}
