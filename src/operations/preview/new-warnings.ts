/**
 * `preview`'s part of the warnings check (input `warnings`): a ready row keeps its build's first
 * new warnings and the counts, and the comment lists them in a section of the project's own, each
 * a link to its line at the pull request's head commit.
 */
import type { BuildWarnings } from '../../domain/project-result.js';
import { comparedLine, NEW_WARNINGS_SECTION } from '../../reporting/build-warnings.js';
import { problemList } from '../../reporting/file-problems.js';
import { escapeMarkdown, markdownLink, safeHttpUrl } from '../../reporting/markdown.js';
import type { PreviewRow, RowWarnings } from './comment-rows.js';

/** New warnings a row keeps; the job summary lists more, the `results` output all. */
const ROW_NEW_WARNINGS = 10;

/** The row's part: the first new warnings and the counts; nothing when the build added none (or was not compared). */
export function rowWarnings(warnings: BuildWarnings | undefined): { warnings?: RowWarnings } {
  if (warnings === undefined || warnings.baseline === null || warnings.new.length === 0) return {};
  const shown = warnings.new.slice(0, ROW_NEW_WARNINGS);
  return {
    warnings: {
      total: warnings.total,
      fixed: warnings.fixed,
      new: shown,
      moreNew: warnings.new.length - shown.length,
      baseline: { build: warnings.baseline.build, version: warnings.baseline.version },
    },
  };
}

/** How many new warnings a row tells (those listed and those counted). */
export function rowNewWarnings(row: Pick<PreviewRow, 'warnings'>): number {
  return (row.warnings?.new.length ?? 0) + (row.warnings?.moreNew ?? 0);
}

/** The comment's section of a row's new warnings: the counts, each at its line (blob links at the row's commit), how many more. */
export function newWarningsSection(row: PreviewRow, repoUrl: string | undefined, runUrl: string | undefined): string {
  const { warnings } = row;
  if (warnings === undefined) return '';
  const counts = comparedLine({ ...warnings, new: rowNewWarnings(row) });
  const lines = [`#### ${NEW_WARNINGS_SECTION} (${escapeMarkdown(row.project)})`, '', `${escapeMarkdown(counts)}:`, ''];
  for (const item of problemList(warnings.new, 0, { repoUrl, commit: row.commit })) lines.push(item);
  if (warnings.moreNew > 0) {
    const summary =
      safeHttpUrl(row.runUrl ?? runUrl) === undefined
        ? 'the job summary of this run'
        : markdownLink('the job summary of this run', row.runUrl ?? runUrl);
    lines.push(`- … and ${warnings.moreNew} more: ${summary} lists them`);
  }
  return lines.join('\n');
}
