import type { LastSeen } from '../domain/project-result.js';
import type { Build } from '../readthedocs/schemas.js';
import type { ProjectLog } from '../reporting/project-log.js';
import { serviceLinks, type ServiceLinks } from '../reporting/service-links.js';

/**
 * The one thing an operation writes as it goes: the last state it saw of its project (the build it
 * is watching, the version, the commit). The per-project runner reads it into the project's result
 * on every ending, so that a timeout, a cancellation or an error still reports that state.
 */
export class LastSeenRecorder {
  private readonly state: LastSeen = {};
  private readonly links: ServiceLinks;
  private doingNow: string | undefined;

  constructor(
    baseUrl: string,
    private readonly log?: ProjectLog,
  ) {
    this.links = serviceLinks(baseUrl);
  }

  /** What was seen last (a copy). */
  get current(): LastSeen {
    return { ...this.state };
  }

  /**
   * What the operation is doing past the build (`checking the links of the changed pages`), for a
   * timeout's reason: time can run out after the build has ended. Not part of the result.
   */
  get activity(): string | undefined {
    return this.doingNow;
  }

  doing(what: string | undefined): void {
    this.doingNow = what;
  }

  version(slug: string | undefined): void {
    if (slug === undefined) delete this.state.version;
    else this.state.version = slug;
  }

  commit(sha: string): void {
    this.state.commit = sha;
  }

  /**
   * What a build says. Its link is kept only when it is a page of the service (`serviceLinks`):
   * the result's `buildUrl` is what statuses, deployments, the comment, the summary and the
   * outputs link to.
   */
  build(build: Build): void {
    const link = this.links.build(build.urls.build);
    const seen = this.state;
    if (link === undefined && build.urls.build && seen.buildId !== build.id) {
      this.log?.info(`Build #${build.id}: the service's link to it is not an http(s) page of the service; it is not linked anywhere`);
    }
    seen.buildId = build.id;
    // An answer without a link keeps the one seen before; a link that is not the service's drops it.
    const buildUrl = link ?? (build.urls.build ? undefined : seen.buildUrl);
    if (buildUrl === undefined) delete seen.buildUrl;
    else seen.buildUrl = buildUrl;
    seen.state = build.state.code;
    this.version(build.version || seen.version);
    if (build.commit) seen.commit = build.commit;
    if (build.success !== null) seen.success = build.success;
    if (build.duration !== null) seen.duration = build.duration;
  }

  /**
   * Settles on `build` after a newer one of another commit was watched: its figures, not the
   * newer build's, describe the project (a duration it lacks is forgotten).
   */
  settleOn(build: Build): void {
    if (build.duration === null) delete this.state.duration;
    if (build.id !== this.state.buildId) this.build(build);
  }
}
