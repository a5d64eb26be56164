// The version an operation works on: the `version` input, else the project's default version (the
// `build` operation's rule; any operation that takes a `version` input uses it too).
import { ReadTheDocsError } from '../../readthedocs/errors.js';
import type { OperationContext } from '../types.js';

/** The `version` input, or the project's default version. */
export async function resolveVersion(ctx: OperationContext, project: string): Promise<string> {
  if (ctx.inputs.version) return ctx.inputs.version;
  const record = await ctx.api.project(project);
  if (!record.default_version) {
    throw new ReadTheDocsError('the project has no default version: set the `version` input', 'No version', 'GET projects/{project}/');
  }
  return record.default_version;
}
