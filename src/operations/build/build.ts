import { ServiceError } from '../../readthedocs/errors.js';
import { newestBuildId } from '../shared/build-ids.js';
import { addDocsUrl } from '../shared/docs-url.js';
import { triggerOnce } from '../shared/trigger.js';
import { concludeBuild, expectedFromHistory, recordBuild, watchBuild } from '../shared/watch-build.js';
import type { OperationContext, ProjectOperation } from '../types.js';

/** `build`: trigger a build of the version, then wait for its end unless `wait: false`. */
export const buildProject: ProjectOperation = async (ctx, result, log) => {
  const { api, inputs } = ctx;
  const version = await resolveVersion(ctx, result.project);
  result.version = version;
  // One list request serves twice: the expected duration, and the newest build before ours,
  // which tells whether a trigger whose answer got lost created a build.
  const history = await api.recentBuilds(result.project, { version, limit: 10 });
  const newestBefore = newestBuildId(history);
  log.info(`Triggering a build of ${result.project}, version ${version}`);
  const { build, docsUrl } = await triggerOnce(ctx, result.project, version, newestBefore, log);
  recordBuild(ctx, result, build, log);
  log.info(`Build #${build.id} created: ${result.buildUrl ?? 'no link'}`);
  if (!inputs.wait) {
    result.outcome = 'triggered';
    return;
  }
  const final = await watchBuild(ctx, result, log, build, expectedFromHistory(history));
  await concludeBuild(ctx, result, log, final);
  // The trigger's answer described the version: no request needed for its documentation URL.
  if (docsUrl && result.outcome === 'success') result.docsUrl = docsUrl;
  else await addDocsUrl(ctx, result, log);
};

/** The `version` input, or the project's default version. */
export async function resolveVersion(ctx: OperationContext, project: string): Promise<string> {
  if (ctx.inputs.version) return ctx.inputs.version;
  const record = await ctx.api.project(project);
  if (!record.default_version) {
    throw new ServiceError('the project has no default version: set the `version` input', 'No version', 'GET projects/{project}/');
  }
  return record.default_version;
}
