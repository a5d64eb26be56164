import type { ProjectLog } from '../../reporting/project-log.js';
import { NotFoundError } from '../../readthedocs/errors.js';
import type { OperationContext, ProjectResult } from '../types.js';

/**
 * Sets `docs-url` from the version's record (PR versions have none there; that is fine). The
 * build has succeeded by now: failing to read the URL leaves it empty and never turns the step red.
 * Shared by `build` and `wait`.
 */
export async function addDocsUrl(ctx: OperationContext, result: ProjectResult, log: ProjectLog): Promise<void> {
  if (!result.version || result.outcome !== 'success') return;
  try {
    const version = await ctx.api.version(result.project, result.version);
    if (version.urls?.documentation) result.docsUrl = version.urls.documentation;
  } catch (error) {
    const message = `no documentation URL for ${result.version}: ${(error as Error).message}`;
    if (error instanceof NotFoundError) log.debug(message);
    else log.info(`The build succeeded, but \`docs-url\` stays empty: ${message}`);
  }
}
