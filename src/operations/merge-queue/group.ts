import type { Inputs } from '../../inputs/inputs.js';
import { InputError } from '../../inputs/inputs.js';
import type { RunContext } from '../../inputs/github-context.js';
import { versionSlug } from '../../inputs/slugs.js';
import { safeLine } from '../../util/untrusted-text.js';

/** The group a merge queue tests: its commit, its branch, and the pull request it ends with. */
export interface MergeGroup {
  /** The group's commit: where the branch's required checks run, and where the status goes. */
  commit: string;
  /** `gh-readonly-queue/{base}/pr-{N}-{base sha}`: the queue branch, a version after a sync. */
  branch: string;
  /** The queue branch's version slug, as the service makes it from the branch's name. */
  versionSlug: string;
  /** The branch the group merges into. */
  base: string;
  /** The queued pull request (the last of the group). */
  pullRequest: number;
  /** When the queue branch appeared (the group commit's timestamp in the event), when known. */
  appearedAt?: number;
}

/** The longest branch name read: GitHub's queue branches are far shorter. */
const MAX_BRANCH_LENGTH = 255;
/** `gh-readonly-queue/{base}/pr-{N}-{base sha}` (GitHub's naming; the base may hold `/`, never what git refuses in a ref). */
const QUEUE_BRANCH = /^gh-readonly-queue\/([^\s\u0000-\u001f\u007f~^:?*[\\]+)\/pr-(\d{1,9})-[0-9a-f]{40}$/;

/** The parts of a queue branch's name, or undefined when it is not one. Bounded before the match. */
export function parseQueueBranch(name: string): { base: string; pullRequest: number } | undefined {
  if (name.length > MAX_BRANCH_LENGTH) return undefined;
  const match = QUEUE_BRANCH.exec(name);
  if (!match) return undefined;
  const pullRequest = Number(match[2]);
  return pullRequest > 0 ? { base: match[1]!, pullRequest } : undefined;
}

/**
 * The group of this run: from the `merge_group` event, or, on any other event (a run from a
 * terminal), from `commit` (the group's commit) and `version` (the queue branch's name). Anything
 * missing or malformed is an input error that names what to give: nothing has been sent yet.
 */
export function groupOfRun(run: RunContext, inputs: Pick<Inputs, 'commit' | 'version' | 'versionGiven'>): MergeGroup {
  if (run.eventName === 'merge_group') {
    if (!run.mergeGroup) {
      throw new InputError([
        "Input `operation`: `merge-queue` needs the group's commit and ref from the `merge_group` event payload, which has none",
      ]);
    }
    const branch = run.mergeGroup.headRef.replace(/^refs\/heads\//, '');
    const group = groupOf(run.mergeGroup.headSha, branch, 'the `merge_group` event names the ref');
    return run.mergeGroup.createdAt === undefined ? group : { ...group, appearedAt: run.mergeGroup.createdAt };
  }
  const branch = inputs.versionGiven ?? inputs.version;
  if (!inputs.commit || !branch) {
    const missing = [
      inputs.commit ? '' : "`commit` (the group's full commit SHA)",
      branch ? '' : '`version` (the queue branch, `gh-readonly-queue/main/pr-42-<base sha>`)',
    ].filter(Boolean);
    // A workflow run on another event: the same file's `pull_request` needs the step's `if:`, a
    // `workflow_dispatch` may name the group by hand. A terminal (no event) needs the group by hand.
    throw new InputError([
      run.eventName
        ? `Input \`operation\`: \`merge-queue\` runs on \`merge_group\` events; this run's event is \`${safeLine(run.eventName, 60)}\`. ` +
          "Give the step `if: github.event_name == 'merge_group'` when its workflow also runs on other events (`pull_request`), " +
          `or name the group by hand on this event: give ${missing.join(' and ')}`
        : `Input \`operation\`: \`merge-queue\` outside a \`merge_group\` event needs the group by hand: give ${missing.join(' and ')}`,
    ]);
  }
  return groupOf(inputs.commit, branch, 'input `version` is');
}

function groupOf(commit: string, branch: string, where: string): MergeGroup {
  const parts = parseQueueBranch(branch);
  const slug = parts ? versionSlug(branch) : undefined;
  if (!parts || !slug) {
    throw new InputError([
      `Input \`operation\`: \`merge-queue\` needs a merge queue branch (\`gh-readonly-queue/<base>/pr-<number>-<base sha>\`); ` +
        `${where} \`${safeLine(branch, 120)}\``,
    ]);
  }
  return { commit: commit.toLowerCase(), branch, versionSlug: slug, base: parts.base, pullRequest: parts.pullRequest };
}
