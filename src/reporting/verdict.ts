/**
 * The verdict a report's heading gives first: one emoji and the words every surface uses for an
 * outcome (the job summary, the terminal), the counts of each, and the warnings found. Words come
 * with every emoji: a reader who cannot tell the emojis (or colours) apart reads the words.
 */
import { GREEN_OUTCOMES, type NoteKind, type Outcome, type ProjectResult } from '../domain/project-result.js';
import { problemCount } from './file-problems.js';
import { newWarningsOf, warningsCount } from './build-warnings.js';

/** Each outcome's emoji and words; no two emojis look alike (⏳ building is never ⌛, ⏭️ skipped never ⏩). */
export const OUTCOME_WORDS: Record<Outcome, { emoji: string; words: string }> = {
  success: { emoji: '✅', words: 'passed' },
  triggered: { emoji: '🚀', words: 'triggered' },
  skipped: { emoji: '⏭️', words: 'skipped' },
  superseded: { emoji: '🔀', words: 'superseded' },
  failed: { emoji: '❌', words: 'failed' },
  cancelled: { emoji: '🚫', words: 'cancelled' },
  'timed-out': { emoji: '⏱️', words: 'timed out' },
  aborted: { emoji: '⏹️', words: 'stopped' },
  error: { emoji: '⚠️', words: 'error' },
};

/** What needs attention first, then what is green: the heading names them in this order. */
const VERDICT_ORDER: Outcome[] = ['failed', 'error', 'timed-out', 'cancelled', 'aborted', 'triggered', 'superseded', 'skipped', 'success'];

/** A result's words: a success that built is "built", a preview that is ready "ready" (the PR comment's word). */
export function outcomeWords(result: Pick<ProjectResult, 'outcome' | 'buildId' | 'previewUrl'>): string {
  if (result.outcome === 'success' && result.previewUrl !== undefined) return 'ready';
  if (result.outcome === 'success' && result.buildId !== undefined) return 'built';
  return OUTCOME_WORDS[result.outcome].words;
}

/** Each note's words, one and many: those the PR comment's heading uses. */
const NOTE_WORDS: Record<NoteKind, [string, string]> = {
  unredirected: ['page moved or removed without a redirect', 'pages moved or removed without a redirect'],
  'broken-link': ['broken link', 'broken links'],
  'unread-page': ['changed page not read for links', 'changed pages not read for links'],
  problem: ['problem found', 'problems found'],
  'not-checked': ['check not made', 'checks not made'],
};

/** The notes a failed gate's words do not stand for: a changed page not read holds no broken link. */
const BESIDE_GATES: ReadonlySet<NoteKind> = new Set(['unread-page']);

/**
 * The notes of every result, counted in words (`2 broken links`), in {@link NOTE_WORDS}' order; of a
 * result whose gate failed, only those its gate's words do not say.
 */
function noteCounts(results: ProjectResult[]): string[] {
  return (Object.keys(NOTE_WORDS) as NoteKind[]).flatMap((kind) => {
    const counted = results.filter((result) => !result.failedChecks?.length || BESIDE_GATES.has(kind));
    const count = counted.reduce((sum, result) => sum + (result.notes?.[kind] ?? 0), 0);
    return count === 0 ? [] : [`${count} ${NOTE_WORDS[kind][count === 1 ? 0 : 1]}`];
  });
}

/**
 * The verdict for a heading: its emoji, then the counts (`1 failed, 2 built`, or the project's
 * name and its words alone), then the warnings the builds wrote, the warnings check's counts
 * (`3 warnings, 1 new, 2 fixed`), the words of the gates that failed (`broken links: 3 pages, 2
 * anchors`) and the other results' notes (`(2 warnings, 1 broken link)`): notes and
 * new warnings turn a green verdict ⚠️. The step's own failure (the
 * health issue not kept) comes first, ❌, whatever the projects' outcomes.
 */
export function verdict(results: ProjectResult[], failure?: { title: string }): { emoji: string; text: string } {
  if (results.length === 0) return { emoji: 'ℹ️', text: 'nothing to report' };
  const leading = VERDICT_ORDER.find((outcome) => results.some((result) => result.outcome === outcome)) ?? 'success';
  const counts = new Map<string, number>();
  for (const outcome of VERDICT_ORDER) {
    for (const result of results.filter((r) => r.outcome === outcome)) {
      const words = outcomeWords(result);
      counts.set(words, (counts.get(words) ?? 0) + 1);
    }
  }
  const problems = problemCount(
    results.flatMap((result) => result.problems ?? []),
    results.reduce((sum, result) => sum + (result.moreProblems ?? 0), 0),
  );
  // A gate that failed says its own words (`broken links: 3 to pages, 2 to anchors`) instead of its result's notes.
  const checks = results.flatMap((result) =>
    (result.failedChecks ?? []).map((words) => (results.length > 1 ? `${result.project}: ${words}` : words)),
  );
  const notes = noteCounts(results);
  const told = [problems, warningsCount(results), ...checks, ...notes].filter((said) => said !== '');
  const warned = told.length === 0 ? '' : ` (${told.join(', ')})`;
  // New warnings (input `warnings`) are something to tell, as notes are.
  const noted = notes.length > 0 || newWarningsOf(results) > 0;
  const emoji = failure ? '❌' : GREEN_OUTCOMES.has(leading) && noted ? '⚠️' : OUTCOME_WORDS[leading].emoji;
  const failed = failure ? `${failure.title.charAt(0).toLowerCase()}${failure.title.slice(1)}; ` : '';
  if (results.length === 1) return { emoji, text: `${failed}${results[0]!.project} ${[...counts.keys()][0]}${warned}` };
  if (counts.size === 1) return { emoji, text: `${failed}all ${results.length} ${[...counts.keys()][0]}${warned}` };
  return { emoji, text: `${failed}${[...counts].map(([words, count]) => `${count} ${words}`).join(', ')}${warned}` };
}
