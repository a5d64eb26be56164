/**
 * The warnings check of a finished build (input `warnings`): its docs builder's output read from
 * API v2 (bounded as the failure path reads it), its baseline build found and read the same way,
 * the two compared, the new warnings annotated on their lines. Reading never fails the project: a
 * build whose output cannot be read is not checked, one without a baseline is not compared.
 */
import type { BuildWarnings, FileProblem } from '../../../../domain/project-result.js';
import { versionSlug } from '../../../../inputs/slugs.js';
import { NotFoundError } from '../../../../readthedocs/errors.js';
import type { Build } from '../../../../readthedocs/schemas.js';
import { warningsLine } from '../../../../reporting/build-warnings.js';
import type { ProjectLog } from '../../../../reporting/project-log.js';
import type { Annotation, RunnerLog } from '../../../../runner/port.js';
import { messageOf } from '../../../../util/message-of.js';
import { safeLine } from '../../../../util/untrusted-text.js';
import { failsAt } from '../../../gates.js';
import type { OperationContext, ProjectRun } from '../../../types.js';
import { branchLatestTracks } from '../../versions/latest-branch.js';
import { ANNOTATION_LIMITS, SCAN_LIMIT_CHARS } from '../sphinx-warnings.js';
import { compareWarnings } from './compare.js';
import { newWarningsCount } from './gate.js';
import { MAX_WARNINGS, parseBuildWarnings, type ParsedWarnings } from './parse.js';

/**
 * Which build a build's warnings are compared with. `previous`: the version's last successful
 * build before it (`build`, `wait` on a branch; `history`, the version's recent builds when the
 * caller has them). `base-branch`: the last successful build of the version that builds the pull
 * request's base branch (`latest` when it is the branch `latest` tracks, FACTS *Versions*).
 */
type BaselineRule = { kind: 'previous'; history?: readonly Build[] } | { kind: 'base-branch'; branch: string | undefined };

/** What an operation asks of the check: the baseline, and whether `warnings: fail` turns its project red where the build ends. */
export interface WarningsCheck {
  baseline: BaselineRule;
  gate: boolean;
}

/** A version's builds looked at for a baseline: its newest successful one among them. */
const BASELINE_LOOKBACK = 20;

// The command that builds the docs, whose output has the warnings: Sphinx or MkDocs, as the service
// runs them (`python -m sphinx …`, `python -m mkdocs build …`) or as `build.commands` may.
const BUILDER_COMMAND = /(?:^|[\s/])(?:sphinx-build|mkdocs\s+build)\b|\s-m\s+(?:sphinx|mkdocs)\b/;
// `python -m mkdocs build … --config-file docs/mkdocs.yml`: MkDocs' pages are below `docs/` beside it.
const MKDOCS_CONFIG = /\s--config-file[= ]["']?([^\s"']{1,500})/;

/**
 * The warnings of the docs builder's output of build `id` (the Sphinx and MkDocs commands; every
 * command when none is one), its end at most {@link SCAN_LIMIT_CHARS} characters in all.
 */
async function readBuildWarnings(ctx: Pick<OperationContext, 'api'>, id: number): Promise<ParsedWarnings> {
  const { commands } = await ctx.api.buildCommands(id);
  const builders = commands.filter((command) => BUILDER_COMMAND.test((command.command ?? '').slice(0, 2000)));
  const read = builders.length > 0 ? builders : commands;
  const parts: string[] = [];
  let room = SCAN_LIMIT_CHARS;
  let cut = false;
  for (const command of [...read].reverse()) {
    const output = command.output ?? '';
    if (room <= 0) {
      cut ||= output !== '';
      continue;
    }
    cut ||= output.length > room;
    parts.unshift(output.slice(-room));
    room -= Math.min(room, output.length + 1);
  }
  const mkdocs = read.map((command) => MKDOCS_CONFIG.exec((command.command ?? '').slice(0, 2000))?.[1]).find((path) => path !== undefined);
  const configDir = mkdocs === undefined || !mkdocs.includes('/') ? '' : `${mkdocs.slice(0, mkdocs.lastIndexOf('/'))}/`;
  const parsed = parseBuildWarnings(parts.join('\n'), { mkdocsDocsDir: `${configDir}docs` });
  return { warnings: parsed.warnings, truncated: parsed.truncated || cut };
}

/**
 * The check of a finished build: its warnings, compared with its baseline's when one can be read
 * whole; undefined with `warnings: off`, for a build that did not finish, or when its output
 * cannot be read. `annotate`: the new ones become annotations (the failure path annotates its own).
 */
export async function checkBuildWarnings(
  ctx: OperationContext,
  run: ProjectRun,
  build: Build,
  check: WarningsCheck,
  options: { annotate: boolean },
): Promise<BuildWarnings | undefined> {
  if (ctx.inputs.warnings === 'off' || build.state.code !== 'finished') return undefined;
  const { log } = run;
  let current: ParsedWarnings;
  try {
    current = await readBuildWarnings(ctx, build.id);
  } catch (error) {
    log.info(`The warnings of build #${build.id} are not checked: ${unreadable(error)}`);
    return undefined;
  }
  const warnings = await compared(ctx, run, build, check.baseline, current);
  log.info(`Warnings of build #${build.id}: ${warningsLine(warnings)}`);
  if (options.annotate) annotateNewWarnings(ctx.log, run.name, warnings.new, failsAt(ctx.inputs.warnings) ? 'error' : 'warning', log);
  return warnings;
}

/** The build's warnings against its baseline's, or not compared, saying why. */
async function compared(
  ctx: OperationContext,
  run: ProjectRun,
  build: Build,
  rule: BaselineRule,
  current: ParsedWarnings,
): Promise<BuildWarnings> {
  const total = current.warnings.length;
  const notCompared = (why: string): BuildWarnings => ({ total, new: [], fixed: 0, baseline: null, notCompared: why });
  if (current.truncated) return notCompared(`this build's output is longer than what is read of it (${tooMuch()})`);
  const found = await findBaseline(ctx, run, build, rule);
  if ('none' in found) return notCompared(found.none);
  const { baseline, version } = found;
  let base: ParsedWarnings;
  try {
    base = await readBuildWarnings(ctx, baseline.id);
  } catch (error) {
    return notCompared(`the output of build #${baseline.id} of ${version}, the one to compare with, ${unreadable(error)}`);
  }
  if (base.truncated)
    return notCompared(`the output of build #${baseline.id} of ${version} is longer than what is read of it (${tooMuch()})`);
  const comparison = compareWarnings(current.warnings, base.warnings);
  return { total, ...comparison, baseline: { build: baseline.id, commit: baseline.commit, version } };
}

/** The build to compare with under `rule`, or why there is none. */
async function findBaseline(
  ctx: OperationContext,
  run: ProjectRun,
  build: Build,
  rule: BaselineRule,
): Promise<{ baseline: Build; version: string } | { none: string }> {
  const version = rule.kind === 'previous' ? (build.version ?? undefined) : await baseBranchVersion(ctx, run, rule.branch);
  if (version === undefined) return { none: 'the version to compare with is unknown' };
  let builds: readonly Build[];
  try {
    builds =
      rule.kind === 'previous' && rule.history !== undefined
        ? rule.history
        : await ctx.api.recentBuilds(run.name, { version, limit: BASELINE_LOOKBACK });
  } catch (error) {
    return {
      none:
        error instanceof NotFoundError
          ? `${version} is no version of ${run.name}`
          : `the builds of ${version} could not be read (${safeLine(messageOf(error), 300)})`,
    };
  }
  const baseline = newestSuccess(builds, version, (other) => (rule.kind === 'previous' ? other.id < build.id : other.id !== build.id));
  if (baseline === undefined) {
    const which = rule.kind === 'previous' ? 'before this one' : 'to compare with';
    return { none: `${version} has no successful build ${which} among its last ${builds.length}` };
  }
  return { baseline, version };
}

/** The newest finished, successful build of `version` among `builds` that `eligible` accepts. */
function newestSuccess(builds: readonly Build[], version: string, eligible: (build: Build) => boolean): Build | undefined {
  let newest: Build | undefined;
  for (const build of builds) {
    if (build.version !== version || build.state.code !== 'finished' || build.success !== true || !eligible(build)) continue;
    if (newest === undefined || build.id > newest.id) newest = build;
  }
  return newest;
}

/**
 * The version that builds the base branch: `latest` when it is the repository's default branch or
 * the branch `latest` tracks (its `identifier`, FACTS *Versions*), or when the base is unknown;
 * else the branch's own version.
 */
async function baseBranchVersion(ctx: OperationContext, run: ProjectRun, branch: string | undefined): Promise<string | undefined> {
  if (branch === undefined || branch === ctx.run.defaultBranch) return 'latest';
  try {
    if (branchLatestTracks(await ctx.api.version(run.name, 'latest')) === branch) return 'latest';
  } catch (error) {
    run.log.debug(`latest's branch: ${messageOf(error)}`);
  }
  return versionSlug(branch) || undefined;
}

/** The title of a new warning's (or error's) annotation. */
function newWarningTitle(problem: Pick<FileProblem, 'level'>, project: string): string {
  return safeLine(`${problem.level === 'error' ? 'New error' : 'New warning'}: ${project}`, 200);
}

/** The new warnings as annotations on their lines, at `level` (at most GitHub's share of each level); the log counts the rest. */
function annotateNewWarnings(
  annotations: Pick<RunnerLog, 'error' | 'warning'>,
  project: string,
  fresh: readonly FileProblem[],
  level: 'warning' | 'error',
  log: ProjectLog,
): void {
  const shown = fresh.slice(0, ANNOTATION_LIMITS[level]);
  for (const problem of shown) {
    const properties: Annotation = {
      title: newWarningTitle(problem, project),
      ...(problem.file === undefined ? {} : { file: safeLine(problem.file, 500) }),
      ...(problem.line === undefined ? {} : { startLine: problem.line }),
    };
    annotations[level](problem.message, properties);
  }
  if (fresh.length > shown.length) {
    log.info(
      `${newWarningsCount(fresh.length - shown.length)} more are not annotated (the first ${shown.length} are): the job summary lists them`,
    );
  }
}

function unreadable(error: unknown): string {
  return error instanceof NotFoundError
    ? 'its output is not published (API v2, its only source, ignores tokens: a private project’s builds are never readable)'
    : `its output could not be read (${safeLine(messageOf(error), 300)})`;
}

function tooMuch(): string {
  return `its last ${SCAN_LIMIT_CHARS.toLocaleString('en-US')} characters and ${MAX_WARNINGS.toLocaleString('en-US')} warnings at most`;
}
