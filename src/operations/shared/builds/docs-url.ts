import { NotFoundError } from '../../../readthedocs/errors.js';
import type { Outcome, OperationContext, ProjectRun } from '../../types.js';
import { messageOf } from '../../../util/message-of.js';

/**
 * The `docs-url` of a successful build, from the record of the version last seen (PR versions have
 * none there; that is fine). The build has succeeded by now: failing to read the URL leaves it
 * empty and never turns the step red. Shared by `build` and `wait`.
 */
export async function findDocsUrl(ctx: OperationContext, { name, log, seen }: ProjectRun, outcome: Outcome): Promise<string | undefined> {
  const { version } = seen.current;
  if (!version || outcome !== 'success') return undefined;
  seen.doing(`reading the documentation URL of ${version}`);
  try {
    return (await ctx.api.version(name, version)).urls?.documentation || undefined;
  } catch (error) {
    const message = `no documentation URL for ${version}: ${messageOf(error)}`;
    if (error instanceof NotFoundError) log.debug(message);
    else log.info(`The build succeeded, but \`docs-url\` stays empty: ${message}`);
    return undefined;
  }
}
