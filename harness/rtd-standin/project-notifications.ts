// A project's own notifications (`GET /projects/{p}/notifications/`, an admin token's). FACTS
// (Builds): "Community disables a project's builds after 25 consecutive failed builds of its
// default version: ... the project notification `project:builds:disabled-due-to-consecutive-failures`
// says why". Modelled: the notification is there once the default version's last 25 final builds
// all failed on Community, or when a test disables the builds as the dashboard shows them.
import type { ProjectData } from './model.ts';
import type { Reply } from './replies.ts';
import { PROJECT } from './router.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';

const BUILDS_DISABLED = 'project:builds:disabled-due-to-consecutive-failures';
/** Failed builds of the default version in a row after which Community disables the project's builds. */
const CONSECUTIVE_FAILURES = 25;

export class ProjectNotificationResources {
  private readonly store: Store;
  /** Projects whose builds were disabled by hand (a seed), whatever their builds say. */
  private readonly disabled = new Set<string>();

  constructor(store: Store) {
    this.store = store;
  }

  disable(project: string, disabled = true): void {
    this.store.requireProject(project);
    if (disabled) this.disabled.add(project);
    else this.disabled.delete(project);
  }

  /** Whether the service has disabled the project's builds now. */
  buildsDisabled(p: ProjectData, now: number): boolean {
    if (this.disabled.has(p.slug)) return true;
    if (p.plan !== 'community') return false;
    const final = this.store.buildList
      .filter((b) => b.project === p.slug && b.version === p.defaultVersion)
      .map((b) => this.store.snap(b, now))
      .filter((s) => s.state === 'finished' || s.state === 'cancelled')
      .sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0))
      .slice(0, CONSECUTIVE_FAILURES);
    return final.length === CONSECUTIVE_FAILURES && final.every((s) => s.state === 'finished' && s.success === false);
  }

  routes(): Route[] {
    return [{ pattern: new RegExp(`${PROJECT}/notifications/$`), tokenOnly: true, methods: { GET: (c, m) => this.list(c, m[1] ?? '') } }];
  }

  private list(ctx: Ctx, slug: string): Reply {
    // FACTS (Lists): a nested list under an unknown or private project answers 200 with `count: 0`.
    const p = this.store.visibleProject(slug, ctx);
    const items =
      p && this.buildsDisabled(p, ctx.now)
        ? [
            {
              id: 1,
              state: 'unread',
              dismissable: false,
              news: false,
              attached_to_content_type: 'project',
              message: {
                id: BUILDS_DISABLED,
                header: 'Builds disabled due to consecutive failures',
                body: `Your project has been disabled because its default version failed ${CONSECUTIVE_FAILURES} times in a row. Fix the build and re-enable the builds in the project's settings.`,
                type: 'error',
                icon_classes: 'fa-solid fa-circle-xmark',
              },
            },
          ]
        : [];
    return this.store.list(ctx, items, (n) => n);
  }
}
