// What the service does when GitHub tells it about a push to a branch or a pull request's new head
// (its GitHub App's webhook handler): the pull request's version moves to the new head, then a
// build is triggered, unless the project's webhook automation rules say none. The trigger is the
// same as the API's (build-queue.ts): it cancels every queued or running build of the version.
import type { AutomationRuleSeed, ProjectData, VersionData, WebhookEvent } from './model.ts';
import type { BuildQueue } from './build-queue.ts';
import type { Store } from './store.ts';
import type { VersionResources } from './versions.ts';

export class Webhooks {
  private readonly store: Store;
  private readonly queue: BuildQueue;
  private readonly versions: VersionResources;
  private readonly rules = new Map<string, AutomationRuleSeed[]>();
  private readonly buildsDisabled: (p: ProjectData, now: number) => boolean;

  constructor(
    store: Store,
    queue: BuildQueue,
    versions: VersionResources,
    buildsDisabled: (p: ProjectData, now: number) => boolean = () => false,
  ) {
    this.buildsDisabled = buildsDisabled;
    this.store = store;
    this.queue = queue;
    this.versions = versions;
  }

  addRule(project: string, rule: AutomationRuleSeed): void {
    this.store.requireProject(project);
    this.rules.set(project, [...(this.rules.get(project) ?? []), rule]);
  }

  /**
   * A push to `branch` (a branch or tag name as git has it). As the service does, it builds every
   * version of the name (found by `verbose_name` or `slug`) and, for the branch `latest` follows
   * (`Store.latestBranchOf`), `latest` too. The id of the branch's own build (else `latest`'s), or null when no rule matched.
   */
  push(project: string, branch: string, event: WebhookEvent): number | null {
    const ids = this.pushRef(project, branch, event);
    return ids[0] ?? null;
  }

  /**
   * One `git push` that moves several branches (or tags): GitHub sends an event per ref, and the
   * service builds each at once. The ids of each push's builds (its own version's first).
   */
  pushes(project: string, refs: ({ branch: string } & WebhookEvent)[]): number[][] {
    return refs.map(({ branch, ...event }) => this.pushRef(project, branch, event));
  }

  private pushRef(project: string, branch: string, event: WebhookEvent): number[] {
    const p = this.store.requireProject(project);
    const internal = this.store.versions.filter((x) => x.project === project && x.type !== 'external');
    // FACTS (Versions): "Find a branch's version by `verbose_name` or `slug`".
    const own = internal.find((x) => x.verboseName === branch) ?? internal.find((x) => x.slug === branch);
    // FACTS (Versions): `latest` follows the repository's real default branch, whatever API `default_branch` says.
    const latest = branch === this.store.latestBranchOf(p) ? internal.find((x) => x.slug === 'latest' && x !== own) : undefined;
    const targets = [own, latest].filter((v): v is VersionData => v !== undefined);
    if (targets.length === 0) throw new Error(`stand-in: push to ${project}/${branch}: add the branch's version first`);
    // The push moved the branch (or tag), whether or not a rule lets it build: later API triggers
    // and activations build its new head (the API's `identifier` is still the branch's name).
    for (const v of targets) v.commit = event.commit;
    return targets.map((v) => this.receive(v, event)).filter((id): id is number => id !== null);
  }

  /** Pull request `pr` opened or pushed to: its version is made when missing. The new build's id, or null. */
  pullRequest(project: string, pr: number, event: WebhookEvent): number | null {
    const slug = String(pr);
    if (!this.store.versions.some((x) => x.project === project && x.slug === slug)) {
      this.versions.add(project, { slug, type: 'external', identifier: event.commit });
    }
    const v = this.store.versions.find((x) => x.project === project && x.slug === slug)!;
    // FACTS: "when none matches, no build is created, yet the PR version's `identifier` still moves
    // to the new head commit": the version is updated before the rules are asked.
    v.commit = event.commit;
    return this.receive(v, event);
  }

  private receive(v: VersionData, event: WebhookEvent): number | null {
    // FACTS: "GitHub App projects may have webhook automation rules (file patterns, commit message,
    // labels): when none matches, no build is created". Without rules for the type, every event builds.
    // FACTS (Builds): once the service disabled the project's builds, "webhooks build nothing".
    if (this.buildsDisabled(this.store.requireProject(v.project), this.store.clock())) return null;
    const rules = (this.rules.get(v.project) ?? []).filter((rule) => rule.versionTypes.includes(v.type));
    if (rules.length > 0 && !rules.some((rule) => matches(rule, event))) return null;
    return this.queue.trigger(v, this.store.clock(), 'webhook', { commit: event.commit, ...(event.plan ? { plan: event.plan } : {}) }).id;
  }
}

/** The service's `match_webhook`: every criterion the rule sets must match. */
function matches(rule: AutomationRuleSeed, event: WebhookEvent): boolean {
  if (rule.files !== undefined && !(event.files ?? []).some((file) => fnmatch(rule.files!, file))) return false;
  if (rule.commitMessage !== undefined && !new RegExp(rule.commitMessage).test(event.message ?? '')) return false;
  if (rule.labels !== undefined && !(event.labels ?? []).some((label) => new RegExp(rule.labels!).test(label))) return false;
  return true;
}

/** Python's fnmatch: `*` is any text (`/` included), `?` one character; the rest is literal. */
function fnmatch(pattern: string, name: string): boolean {
  const source = [...pattern].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, 's').test(name);
}
