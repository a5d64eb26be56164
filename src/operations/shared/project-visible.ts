import { NotFoundError, notFoundToDo, SchemaError, UnavailableError } from '../../readthedocs/errors.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import type { OperationContext } from '../types.js';

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
