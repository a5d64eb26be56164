import { NotFoundError, notFoundToDo, SchemaError, UnavailableError } from '../../readthedocs/errors.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { OperationContext } from '../types.js';
import { versionSlug } from '../../inputs/slugs.js';

/**
 * Called when a nested list under the project (its builds, its versions) came back empty at the
 * first look. FACTS (Lists): "A nested list under an unknown or private project answers 200 with
 * `count: 0`, not 404", so the list alone cannot tell a missing project from an empty one: the
 * project's detail (one request, from the same rate budget) does. A 404 there ends the step at once,
 * as *Not found*, naming the slug; a bad token was already refused by the list (401). A detail that
 * cannot be read for another reason (the service down, an answer of another shape) proves nothing:
 * said in the debug log, and the caller goes on.
 */
export async function failUnlessProjectVisible(ctx: OperationContext, project: string, emptyList: string, log: ProjectLog): Promise<void> {
  try {
    await ctx.api.project(project);
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new NotFoundError(
        `${emptyList}, and the project is not found (GET projects/${project}/ answered 404; the service lists nothing, ` +
          `never a 404, under an unknown or private project). ${notFoundToDo(project)}`,
        'Not found',
        error.endpoint,
        404,
      );
    }
    if (!(error instanceof UnavailableError || error instanceof SchemaError)) throw error;
    log.debug(`the project could not be read to tell a missing project from an empty list: ${error.message}`);
  }
}

/**
 * The version `wait` was told to wait for (the `version` input), read once when no build of the
 * commit is listed: a version the project does not have ends the step as *Not found*, naming it,
 * instead of at `timeout`. When the version is the pushed branch's or tag's own, it may not be
 * synced yet (FACTS, Versions: new versions appear asynchronously after a sync), so that one is
 * read once the grace window is over, not at the first look. PR versions answer 404 on the
 * versions detail (FACTS, Versions: "hidden from `/versions/`"), so a slug shaped as one
 * (`7`, `7_a`) proves nothing and is not read. Other failures prove nothing either: said in the
 * debug log, and the wait goes on.
 */
export class VersionExists {
  private read = false;

  constructor(
    private readonly ctx: OperationContext,
    private readonly project: string,
    private readonly version: string | undefined,
    private readonly log: ProjectLog,
  ) {}

  /** Reads the version when it is due and not read yet; throws *Not found* when the project does not have it. */
  async check(elapsedMs: number, emptyList: string): Promise<void> {
    const { version, ctx } = this;
    if (this.read || version === undefined || /^\d+(?:_[a-z])?$/.test(version)) return;
    const pushed = ctx.run.ref !== undefined && versionSlug(ctx.run.ref.name) === version;
    if (pushed && elapsedMs < ctx.polling.graceWindowMs) return;
    this.read = true;
    try {
      await ctx.api.version(this.project, version);
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(
          `${emptyList}, and version \`${version}\` is not found on ${this.project} (${error.endpoint} answered 404). ` +
            "Check the version's slug under the project's *Versions* (`version` takes a slug, or a branch or tag name slugified as the " +
            'service does), that its branch or tag is pushed to the repository the project builds from, and that the versions are synced',
          'Not found',
          error.endpoint,
          404,
        );
      }
      if (!(error instanceof UnavailableError || error instanceof SchemaError)) throw error;
      this.log.debug(`version ${version} could not be read to tell a missing version from a build not started yet: ${error.message}`);
    }
  }
}
