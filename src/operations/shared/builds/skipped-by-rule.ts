import type { ProjectLog } from '../../../reporting/project-log.js';
import type { VersionV2 } from '../../../readthedocs/schemas.js';
import type { Conclusion, OperationContext, ProjectRun } from '../../types.js';
import { formatDuration } from '../../../util/format-duration.js';
import { messageOf, notRead } from '../../../util/message-of.js';

/** Suffixes the service appends to make a pull request version's slug unique (`7`, then `7_a`, `7_b`). */
export const PULL_REQUEST_SLUG_SUFFIXES = ['', '_a', '_b', '_c'];

/**
 * Tells a push the service took and built nothing for: a GitHub App project's webhook automation
 * rules (file patterns, commit message, labels) that none matched. The service then still moves
 * the pull request's version to the new head commit, so a version at the commit with no build of
 * it means no build is coming. API v3 hides pull request versions; API v2 lists them: so the
 * version is found once in API v2's version list of the project (a pull request never built at
 * all included), then its identifier is read on each look from its API v2 detail (API v2 is not
 * throttled by the service). It cannot tell for a private project (API v2 ignores the token) or a
 * pull request the service has no version of: then it says nothing, and the wait goes on.
 */
export class AutomationRuleSkip {
  private version: Promise<VersionV2 | undefined> | undefined;
  /** The version as found, read once more only from the next look on. */
  private fresh = true;
  /** Whether the version was at the commit on the previous look. */
  private atCommit = false;

  constructor(
    private readonly ctx: OperationContext,
    private readonly project: string,
    private readonly pr: number,
    private readonly commit: string,
    /** The version's slug when known (the `version` input): else the pull request's number, made unique. */
    private readonly versionSlug: string | undefined,
    private readonly log: ProjectLog,
  ) {}

  /**
   * Called on a look that found no build of the commit, after the grace period. True when the
   * version was already at the commit on the previous look, and still no build of it came: the
   * service makes the build right after moving the version, so a look apart is more than enough.
   */
  async noBuildComing(): Promise<boolean> {
    this.version ??= this.findVersion();
    const found = await this.version;
    if (found === undefined) return false;
    let identifier = found.identifier ?? undefined;
    if (!this.fresh) {
      try {
        identifier = (await this.ctx.api.versionById(found.id)).identifier ?? undefined;
      } catch (error) {
        identifier = undefined;
        this.log.debug(`version ${found.id} (API v2): ${messageOf(error)}`);
      }
    }
    this.fresh = false;
    const seenBefore = this.atCommit;
    this.atCommit = identifier?.toLowerCase() === this.commit.toLowerCase();
    return this.atCommit && seenBefore;
  }

  /** Whether the version stood at the commit on the last look (a trigger would not build it then). */
  get versionAtCommit(): boolean {
    return this.atCommit;
  }

  /**
   * The pull request's version, from API v2's version list of the project (one read, without any
   * build's detail): found even when the service never built the pull request at all (a rule
   * skipped every push). Undefined when the list has none: the service never took a push of it.
   */
  private async findVersion(): Promise<VersionV2 | undefined> {
    let versions: VersionV2[];
    try {
      versions = await this.ctx.api.versionsV2(this.project);
    } catch (error) {
      this.log.debug(`${notRead("the pull request's version", error)}: whether a rule skipped the build is unknown`);
      return undefined;
    }
    const found = this.versionSlug
      ? versions.find((version) => version.slug === this.versionSlug)
      : (versions.find((version) => version.type === 'external' && version.verbose_name === String(this.pr)) ??
        // Without `verbose_name`: the slugs the service gives a pull request's version, in order.
        PULL_REQUEST_SLUG_SUFFIXES.map((suffix) =>
          versions.find((version) => version.type === 'external' && version.slug === `${this.pr}${suffix}`),
        ).find((version) => version !== undefined));
    if (found === undefined) {
      this.log.debug(
        `the service lists no version of pull request #${this.pr} (a private project, or no push of it taken yet): whether a rule skipped the build is unknown`,
      );
    }
    return found;
  }
}

/** The outcome when the service moved the pull request's version to the commit and built nothing. */
export function concludeSkippedByRule(
  ctx: OperationContext,
  { name, log, seen }: ProjectRun,
  pr: number,
  commit: string,
): Conclusion<never> {
  seen.commit(commit);
  const subject = name;
  const reason =
    `no build of ${commit} is coming: the service moved pull request #${pr}'s version to this commit ` +
    `and made no build of it within ${formatDuration(ctx.polling.graceWindowMs)}, so a webhook automation rule of the project ` +
    '(changed files, commit message or labels) probably skipped it. Nothing to wait for: push a change the rules match, ' +
    "or check the project's automation rules";
  log.info(`${subject}: ${reason}`);
  return { outcome: 'skipped', title: 'Build skipped', subject, reason };
}
