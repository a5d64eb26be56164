import { resolveVersion } from './resolve-version.js';
import { newestBuildId } from '../shared/builds/build-ids.js';
import { findDocsUrl } from '../shared/builds/docs-url.js';
import { triggerOnce } from '../shared/builds/trigger.js';
import { concludeBuild, expectedFromHistory, watchBuild } from '../shared/builds/watch-build.js';
import type { ProjectOperation } from '../types.js';

/** `build`: trigger a build of the version, then wait for its end unless `wait: false`. */
export const buildProject: ProjectOperation = async (ctx, run) => {
  const { api, inputs } = ctx;
  const { name: project, log, seen } = run;
  const version = await resolveVersion(ctx, project);
  seen.version(version);
  // One list request serves twice: the expected duration, and the newest build before ours,
  // which tells whether a trigger whose answer got lost created a build.
  const history = await api.recentBuilds(project, { version, limit: 10 });
  const newestBefore = newestBuildId(history);
  log.info(`Triggering a build of ${project}, version ${version}`);
  const { build, docsUrl } = await triggerOnce(ctx, project, version, newestBefore, log);
  seen.build(build);
  log.info(`Build #${build.id} created: ${seen.current.buildUrl ?? 'no link'}`);
  if (!inputs.wait) return { outcome: 'triggered' };
  // Input `warnings`: compared with the version's previous successful build, among the builds listed before the trigger.
  const warnings = { baseline: { kind: 'previous', history }, gate: true } as const;
  const conclusion = await concludeBuild(ctx, run, await watchBuild(ctx, run, build, expectedFromHistory(history)), warnings);
  // The trigger's answer described the version: no request needed for its documentation URL.
  const documentation = docsUrl && conclusion.outcome === 'success' ? docsUrl : await findDocsUrl(ctx, run, conclusion.outcome);
  return documentation === undefined ? conclusion : { ...conclusion, docsUrl: documentation };
};
