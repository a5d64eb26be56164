/**
 * The warnings check's words (input `warnings`), as every report says them: the counts ("3
 * warnings, 1 new, 2 fixed"), the verdict's part, and the job summary's section listing a
 * project's new warnings as links to their lines. Messages and files came from the build's output:
 * hostile, escaped here as every problem is.
 */
import type { BuildWarnings, ProjectResult } from '../domain/project-result.js';
import { problemList, type SourceLinks } from './file-problems.js';
import { escapeMarkdown } from './markdown.js';
import { plural } from '../util/plural.js';

/** The title of a project's new warnings, in the job summary and the PR comment. */
export const NEW_WARNINGS_SECTION = 'New warnings';
/** New warnings the job summary lists per project; `results[].warnings.new` has them all. */
const SUMMARY_LISTED = 100;

/** "3 warnings, 1 new, 2 fixed (compared with build #5 of latest)", or "3 warnings, not compared: why". */
export function warningsLine(warnings: BuildWarnings): string {
  if (warnings.baseline === null)
    return `${plural(warnings.total, 'warning')}, not compared: ${warnings.notCompared ?? 'no build to compare with'}`;
  return comparedLine({ ...warnings, new: warnings.new.length, baseline: warnings.baseline });
}

/** "3 warnings, 1 new, 2 fixed (compared with build #5 of latest)": the counts of a compared build. */
export function comparedLine(counts: { total: number; new: number; fixed: number; baseline: { build: number; version: string } }): string {
  const { build, version } = counts.baseline;
  return `${plural(counts.total, 'warning')}, ${counts.new} new, ${counts.fixed} fixed (compared with build #${build} of ${version})`;
}

/**
 * The verdict's part: "3 warnings, 1 new, 2 fixed" summed over the results checked, "3 warnings,
 * not compared" when none could be; '' when no result was checked or none had a warning.
 */
export function warningsCount(results: readonly Pick<ProjectResult, 'warnings'>[]): string {
  const checked = results.flatMap((result) => (result.warnings === undefined ? [] : [result.warnings]));
  const compared = checked.filter((warnings) => warnings.baseline !== null);
  const total = checked.reduce((sum, warnings) => sum + warnings.total, 0);
  const fresh = compared.reduce((sum, warnings) => sum + warnings.new.length, 0);
  const fixed = compared.reduce((sum, warnings) => sum + warnings.fixed, 0);
  if (total === 0 && fixed === 0) return '';
  if (compared.length === 0) return `${plural(total, 'warning')}, not compared`;
  return `${plural(total, 'warning')}, ${fresh} new, ${fixed} fixed`;
}

/** How many new warnings the results have (a green verdict with some turns ⚠️). */
export function newWarningsOf(results: readonly Pick<ProjectResult, 'warnings'>[]): number {
  return results.reduce((sum, result) => sum + (result.warnings?.new.length ?? 0), 0);
}

/**
 * A project's section of the job summary: its new warnings as links to their lines at the built
 * commit (the first {@link SUMMARY_LISTED}), or why its warnings were not compared; none when
 * there is nothing new to tell.
 */
export function warningsSection(result: Pick<ProjectResult, 'project' | 'warnings'>, links: SourceLinks): string | undefined {
  const { warnings } = result;
  if (warnings === undefined) return undefined;
  const line = escapeMarkdown(warningsLine(warnings));
  if (warnings.baseline === null)
    return warnings.total === 0 ? undefined : `### Warnings not compared: ${escapeMarkdown(result.project)}\n\n${line}`;
  if (warnings.new.length === 0) return undefined;
  const listed = problemList(warnings.new.slice(0, SUMMARY_LISTED), 0, links);
  const more = warnings.new.length - SUMMARY_LISTED;
  if (more > 0) listed.push(`- … and ${more} more (every one in the \`results\` output)`);
  return [`### ${NEW_WARNINGS_SECTION}: ${escapeMarkdown(result.project)}`, '', line, '', ...listed].join('\n');
}
