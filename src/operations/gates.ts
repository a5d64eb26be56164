/**
 * What a gate says when it turns a project red (`link-check`, `link-check-anchors`,
 * `redirect-check`, `warnings` at `fail`): each gate decides once, in one function of its own
 * (`linkGate`, `redirectGate`, `warningsGate`), and every reporter says what that function
 * returned: the annotation's title and reason, and the short `words` of the verdict ("broken
 * links: 3 to pages, 2 to anchors") on the commit status, the deployment, the comment, the job summary
 * and the terminal. Kept apart so that one place may decide every gate one day (issue 51).
 */

/** A gate's failure: the project's outcome, its annotation title and reason, and the verdict's words. */
export interface GateFailure {
  outcome: 'failed';
  title: string;
  subject: string;
  reason: string;
  /** What failed and how many, lower case: `broken links: 3 to pages, 2 to anchors`, `2 new warnings`. */
  words: string;
}

/** The words of the gates that failed, as one sentence: `Broken links: 3 pages; 2 new warnings`. */
export function gateWords(words: readonly string[]): string {
  const joined = words.join('; ');
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}`;
}
