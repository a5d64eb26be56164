/**
 * The warnings gate's decision (input `warnings`), pure: with `fail`, a build that added a warning
 * its baseline does not have fails its project; `warn` and `off` never fail, nor does a build that
 * could not be compared; whether it fails, and in what words, through the gates' one place
 * (src/operations/gates.ts), for `preview` and for the builds that `build` and `wait` watch alike.
 */
import type { BuildWarnings } from '../../../../domain/project-result.js';
import { problemText } from '../../../../reporting/file-problems.js';
import { plural } from '../../../../util/plural.js';
import { failsAt, gateFailure, type GateFailure, type GateLevel } from '../../../gates.js';

/** The annotation title of the project a new warning failed (`warnings: fail`). */
const NEW_WARNINGS_TITLE = 'New warnings';

/** New warnings listed in a failed project's reason at most (`results[].warnings.new` has them all). */
const REASON_LISTED = 20;

/** Whether the build's warnings fail its project at `level`: only new ones, and only when compared. */
export function failsOnWarnings(warnings: Pick<BuildWarnings, 'new' | 'baseline'> | undefined, level: GateLevel): boolean {
  return failsAt(level) && warnings !== undefined && warnings.baseline !== null && warnings.new.length > 0;
}

/** "1 new warning", "3 new warnings" (errors among them counted with them). */
export function newWarningsCount(count: number): string {
  return `${plural(count, 'new warning')}`;
}

/** What turns the project red: the title, and the reason listing the new warnings (the first ones). */
export function warningsFailure(
  subject: string,
  warnings: BuildWarnings,
): { outcome: 'failed'; title: string; subject: string; reason: string } {
  const fresh = warnings.new;
  const against = warnings.baseline === null ? '' : ` than build #${warnings.baseline.build} of ${warnings.baseline.version}`;
  return {
    outcome: 'failed',
    title: NEW_WARNINGS_TITLE,
    subject,
    reason: [
      `the build has ${newWarningsCount(fresh.length)}${against} (input \`warnings: fail\`):`,
      ...fresh.slice(0, REASON_LISTED).map(problemText),
      ...(fresh.length > REASON_LISTED ? [`… and ${fresh.length - REASON_LISTED} more (the job summary lists them)`] : []),
    ].join('\n'),
  };
}

/**
 * The warnings gate, the one place that says whether a build's new warnings fail its project
 * (`warnings: fail`), and in what words; undefined when they do not.
 */
export function warningsGate(subject: string, warnings: BuildWarnings | undefined, level: GateLevel): GateFailure | undefined {
  return gateFailure(failsOnWarnings(warnings, level) ? warnings!.new.length : 0, () => {
    const { outcome: _, ...failure } = warningsFailure(subject, warnings!);
    return { ...failure, words: newWarningsCount(warnings!.new.length) };
  });
}
