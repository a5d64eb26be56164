// What the service does when GitHub tells it about a push to a branch or a pull request's new head
// (its GitHub App's webhook handler): the pull request's version moves to the new head, then a
// build is triggered, unless the project's webhook automation rules say none. The trigger is the
// same as the API's (build-queue.ts): it cancels every queued or running build of the version.
import type { AutomationRuleSeed, VersionData, WebhookEvent } from './model.ts';
import type { BuildQueue } from './build-queue.ts';
import type { Store } from './store.ts';
import type { VersionResources } from './versions.ts';

export class Webhooks {
  private readonly store: Store;
  private readonly queue: BuildQueue;
  private readonly versions: VersionResources;
  private readonly rules = new Map<string, AutomationRuleSeed[]>();

  constructor(store: Store, queue: BuildQueue, versions: VersionResources) {
    this.store = store;
    this.queue = queue;
    this.versions = versions;
  }

  addRule(project: string, rule: AutomationRuleSeed): void {
    this.store.requireProject(project);
    this.rules.set(project, [...(this.rules.get(project) ?? []), rule]);
  }

  /** A push to `branch` (its version must exist). The new build's id, or null when no rule matched. */
  push(project: string, branch: string, event: WebhookEvent): number | null {
    const v = this.store.versions.find((x) => x.project === project && x.slug === branch);
    if (!v || v.type === 'external') throw new Error(`stand-in: push to ${project}/${branch}: add the branch's version first`);
    return this.receive(v, event);
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
    v.identifier = event.commit;
    return this.receive(v, event);
  }

  private receive(v: VersionData, event: WebhookEvent): number | null {
    // FACTS: "GitHub App projects may have webhook automation rules (file patterns, commit message,
    // labels): when none matches, no build is created". Without rules for the type, every event builds.
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
