import { formatDuration } from '../../util/format-duration.js';
import { ReadTheDocsError } from '../../readthedocs/errors.js';
import type { Build, Version } from '../../readthedocs/schemas.js';
import { lookForBuild, lookInterval, waitForBuild, waitForVersion } from '../shared/builds/version-appears.js';
import { pollUntil } from '../../resilience/index.js';
import { DeadlineError } from '../../util/abort.js';
import { triggerOnce } from '../shared/builds/trigger.js';
import { buildCreatedAfter, newestBuildId } from '../shared/builds/build-ids.js';
import { queuedBuild } from './queued-build.js';
import {
  TOP_HITS,
  VERIFY_PAGE_SIZE,
  hitsFromVersion,
  plainLine,
  searchHitsMarkdown,
  searchTextFromName,
  verifySearchQuery,
  type SearchHit,
  type SyncDetails,
} from './search-hits.js';
import { concludeBuild, elapsed, expectedFromHistory, watchBuild } from '../shared/builds/watch-build.js';
import { continueFrom } from '../run-projects.js';
import type { Conclusion, OperationContext, ProjectOperation, ProjectRun } from '../types.js';
import { plural } from '../../util/plural.js';

/**
 * An active version gets its build from the service (a push of the tag, an automation rule);
 * it is given this many looks for one to show up before the step triggers one itself.
 */
const ADOPT_GRACE_POLLS = 5;

/**
 * `sync-versions`: asks the service to sync the project's versions with its repository. With
 * `version`, it goes on until that version's docs are live: waits for the version to appear,
 * activates it (which queues its build) or adopts the build queued for it, waits for the build
 * as `build` does, and checks through search that the pages are found.
 */
export const syncVersionsProject: ProjectOperation<SyncDetails> = async (ctx, run) => {
  const stage = { waitingFor: '' };
  try {
    return await syncProject(ctx, run, stage);
  } catch (error) {
    // Before any build is known, say what never came; once there is one, the build's state says it.
    if (!(error instanceof DeadlineError) || run.seen.current.buildId !== undefined || !stage.waitingFor) throw error;
    const subject = run.name;
    const reason = `timed out after ${formatDuration(ctx.inputs.timeoutMs)} (input \`timeout\`) waiting for ${stage.waitingFor}.`;
    run.log.info(`${subject}: ${reason}`);
    return { outcome: 'timed-out', title: 'Timed out', subject, reason };
  }
};

async function syncProject(ctx: OperationContext, run: ProjectRun, stage: { waitingFor: string }): Promise<Conclusion<SyncDetails>> {
  const { api, inputs } = ctx;
  const { name: project, log } = run;
  const version = inputs.version;
  run.seen.version(version);

  // Build ids only grow: the newest one before the sync tells later builds from earlier ones.
  // The same request gives the project's recent build times for the poll schedule.
  const history = version ? await api.recentBuilds(project, { limit: 10 }) : [];
  const newestBefore = newestBuildId(history);

  log.info(`Syncing the versions of ${project} with its repository`);
  if (!(await api.syncVersions(project))) {
    const subject = project;
    const reason =
      `Read the Docs did not sync its versions (400, triggered: false). It does so when the project is ` +
      'inactive, has no `latest` version to sync from, or has version sync turned off. Check the project in the dashboard.';
    log.info(`${subject}: ${reason}`);
    return { outcome: 'failed', title: 'Sync not triggered', subject, reason };
  }
  if (!version) {
    log.info('Sync scheduled: new branches and tags appear as versions within a minute or so');
    return { outcome: 'triggered' };
  }

  const given = inputs.versionGiven ? ` (from \`${inputs.versionGiven}\`)` : '';
  stage.waitingFor =
    `version ${version}${given} to appear after the sync. Check that the tag or branch is pushed to the repository ` +
    `the project builds from, and that its slug is \`${version}\`: the dashboard's Versions page shows the slugs ` +
    '(a name that slugifies like another one gets `_a`); set `version` to that slug';
  log.info(`Sync scheduled; waiting for version ${version}${given} to appear`);
  const record = await waitForVersion(ctx, project, version, log);
  log.info(`${elapsed(ctx)} ${version} is there (${record.type}, ${record.active ? 'active' : 'inactive'})`);

  const build = await buildOfVersion(ctx, run, record, newestBefore, stage);
  if ('outcome' in build) return build;
  const built = await concludeBuild(ctx, run, await watchBuild(ctx, run, build, expectedFromHistory(history)));
  if (built.outcome !== 'success') return built;

  const documentation = record.urls?.documentation;
  const live = documentation ? { ...built, docsUrl: documentation } : built;
  return continueFrom(ctx, run, live, () => verifyThroughSearch(ctx, run, version, live));
}

/**
 * The one build to wait for. An inactive version is activated, which queues its build: the step
 * never triggers another, as a trigger would cancel it. An active version's build is adopted
 * when the service queues one, and triggered only when none comes within a short grace period.
 */
async function buildOfVersion(
  ctx: OperationContext,
  { name: project, log }: ProjectRun,
  record: Version,
  newestBefore: number,
  stage: { waitingFor: string },
): Promise<Build | Conclusion<never>> {
  const { api, inputs } = ctx;
  const version = record.slug;
  const hidden = inputs.hidden !== undefined && record.hidden !== inputs.hidden ? { hidden: inputs.hidden } : {};

  if (!record.active) {
    if (!inputs.activate) {
      const subject = project;
      const reason =
        `version ${version} exists but is inactive, and \`activate\` is false, so nothing builds it. ` +
        'Activate it in the dashboard (or with an automation rule), or set `activate: true`.';
      log.info(`${subject}: ${reason}`);
      return { outcome: 'failed', title: 'Version inactive', subject, reason };
    }
    log.info(`Activating ${version}${'hidden' in hidden ? ` (hidden: ${inputs.hidden})` : ''}: the service queues its build`);
    await api.updateVersion(project, version, { active: true, ...hidden });
    stage.waitingFor = `the build that activating ${version} queued (it may show up late on the service's builds list)`;
    const build = await waitForBuild(ctx, project, version, (builds) => buildCreatedAfter(builds, newestBefore));
    log.info(`Build #${build.id} was queued by the activation: ${build.urls.build}`);
    return build;
  }

  if ('hidden' in hidden) {
    log.info(`Setting ${version} hidden: ${inputs.hidden}`);
    await api.updateVersion(project, version, hidden);
  }
  const graceMs = ADOPT_GRACE_POLLS * lookInterval(ctx);
  stage.waitingFor = `a build of ${version}`;
  const queued = await lookForBuild(ctx, project, version, (builds) => queuedBuild(builds, newestBefore), graceMs);
  if (queued) {
    log.info(`${version} is active; following build #${queued.id} the service queued for it: ${queued.urls.build}`);
    return queued;
  }
  log.info(`${version} is active and no build of it came within ${formatDuration(graceMs)}: triggering one`);
  return (await triggerOnce(ctx, project, version, newestBefore, log)).build;
}

/**
 * Searches for the version's pages until results come from it. Indexing runs after the build
 * ends, so the search is repeated within a bounded window (never past the step's deadline).
 * Not found in time: a warning, or a failure with `verify: strict`.
 */
async function verifyThroughSearch(
  ctx: OperationContext,
  { name: project, log, seen }: ProjectRun,
  version: string,
  built: Conclusion<never>,
): Promise<Conclusion<SyncDetails>> {
  const { api, inputs } = ctx;
  if (inputs.verify === 'none') {
    log.info('Search check skipped (`verify: none`)');
    return { ...built, details: { verified: null } };
  }
  let text = inputs.verifyQuery ?? project;
  const interval = ctx.polling.searchIntervalMs;
  const windowMs = ctx.polling.verifyWindowMs;
  const startedAt = ctx.now();
  const until = Math.min(startedAt + windowMs, ctx.deadline.endsAt);

  let hits: SearchHit[] = [];
  let searchFailure: string | undefined;
  seen.doing(`checking through search that the pages of ${version} are found`);
  try {
    if (inputs.verifyQuery === undefined) text = searchTextFromName((await api.project(project)).name);
    const query = verifySearchQuery(project, version, text);
    log.info(`Checking through search that the pages of ${version} are found: ${plainLine(query)}`);
    await pollUntil(
      async (round) => {
        hits = hitsFromVersion(await api.search(query, VERIFY_PAGE_SIZE), project, version);
        // Found, or the next search would come after the window: either ends the poll.
        if (hits.length > 0 || ctx.now() + interval >= until) return hits;
        if (round === 1) log.info(`${elapsed(ctx)} no result from ${version} yet: the service indexes the pages after the build`);
        return undefined;
      },
      { intervalMs: interval, signal: ctx.deadline.signal, sleep: ctx.sleep },
    );
  } catch (error) {
    // The step's deadline ends the search like the window does; a search the service refuses
    // (retries spent) is a check that could not be made, as `verify` says. The build succeeded.
    if (error instanceof ReadTheDocsError) searchFailure = error.message;
    else if (!(error instanceof DeadlineError)) throw error;
  }

  if (hits.length > 0) {
    const top = hits.slice(0, TOP_HITS);
    log.info(`${elapsed(ctx)} Search finds ${plural(hits.length, 'page')} of ${version}:`);
    for (const hit of top) log.info(`  - ${plainLine(hit.title)} ${hit.url ?? ''}`.trimEnd());
    const summarySections = [...(built.summarySections ?? []), searchHitsMarkdown(project, version, text, top)];
    return { ...built, details: { verified: true, searchHits: top }, summarySections };
  }
  const { buildId } = seen.current;
  const message =
    searchFailure !== undefined
      ? `build #${buildId} succeeded, but the search that checks its pages failed: ${plainLine(searchFailure, 600)}`
      : `build #${buildId} succeeded, but search found no page of ${version} for “${plainLine(text)}” ` +
        `within ${formatDuration(until - startedAt)}. Indexing runs after the build and can lag; ` +
        'check that the query words appear in the docs (input `verify-query`) and that search works for the project.';
  const details = { verified: false };
  if (inputs.verify === 'strict') {
    log.info(`${project}: ${message}`);
    return { ...built, outcome: 'failed', title: 'Not found through search', subject: project, reason: message, details };
  }
  log.warning(`${project}: ${message} (\`verify: strict\` would fail the step)`, `Not found through search: ${project} ${version}`);
  return { ...built, details };
}
