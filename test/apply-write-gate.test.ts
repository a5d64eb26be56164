// Which runs `apply` may write in (issue 30): what in the runner's environment and the event payload
// names a pull request (readRunContext), and the allow-list that decides (applyWriteGate).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRunContext } from '../src/inputs/github-context.js';
import { applyWriteGate } from '../src/operations/apply/apply.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The run context of `event` with `payload` in its event file and `ref` as GITHUB_REF. */
function runOf(event: string, payload: unknown, githubRef?: string) {
  dir = mkdtempSync(join(tmpdir(), 'write-gate-'));
  const path = join(dir, 'event.json');
  writeFileSync(path, JSON.stringify(payload));
  return readRunContext({ GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: path, ...(githubRef ? { GITHUB_REF: githubRef } : {}) });
}

describe('readRunContext: what names a pull request', () => {
  it('a comment on a pull request, a run started by one or listing one, a pull_request payload', () => {
    expect(runOf('issue_comment', { issue: { number: 42, pull_request: { url: 'x' } } }, 'refs/heads/main').pullRequestNamedBy).toContain(
      '`issue.pull_request`',
    );
    expect(
      runOf('workflow_run', { workflow_run: { event: 'pull_request', head_sha: 'a'.repeat(40), pull_requests: [] } }).pullRequestNamedBy,
    ).toContain('a run started by `pull_request`');
    expect(
      runOf('workflow_run', {
        workflow_run: { event: 'push', head_sha: 'a'.repeat(40), pull_requests: [{ number: 3, head: { sha: 'b' } }] },
      }).pullRequestNamedBy,
    ).toContain('`workflow_run.pull_requests`');
    expect(runOf('push', { pull_request: { number: 1 } }, 'refs/heads/main').pullRequestNamedBy).toContain('`pull_request`');
  });

  it('nothing for a push, a comment on an issue, a run started by a push, or the command line run by a person', () => {
    expect(runOf('push', { githubRef: 'refs/heads/main', head_commit: {} }, 'refs/heads/main').pullRequestNamedBy).toBeUndefined();
    expect(runOf('issue_comment', { issue: { number: 42 } }, 'refs/heads/main').pullRequestNamedBy).toBeUndefined();
    expect(
      runOf('workflow_run', { workflow_run: { event: 'push', head_sha: 'a'.repeat(40), pull_requests: [] } }).pullRequestNamedBy,
    ).toBeUndefined();
    expect(readRunContext({}).pullRequestNamedBy).toBeUndefined();
  });

  it('outside GitHub: a GitLab merge request pipeline or a Jenkins change request; inside GitHub their variables mean nothing', () => {
    expect(readRunContext({ CI_MERGE_REQUEST_IID: '7' }).pullRequestNamedBy).toContain('GitLab merge request');
    expect(readRunContext({ CHANGE_ID: '7' }).pullRequestNamedBy).toContain('Jenkins change request');
    expect(readRunContext({ GITHUB_EVENT_NAME: 'push', CHANGE_ID: '7' }).pullRequestNamedBy).toBeUndefined();
  });
});

describe('applyWriteGate', () => {
  it('writes on push, schedule, release and dispatch of a branch or tag, and with no event at all', () => {
    for (const [eventName, ref] of [
      ['push', 'refs/heads/main'],
      ['push', 'refs/tags/v1'],
      ['schedule', 'refs/heads/main'],
      ['release', 'refs/tags/v1.0.0'],
      ['workflow_dispatch', 'refs/heads/docs'],
      ['', undefined],
    ] as const) {
      expect(applyWriteGate({ eventName, ...(ref ? { githubRef: ref } : {}) }), `${eventName} ${ref}`).toEqual({ writes: true });
    }
  });

  it('plans on every other event, a ref that is not a branch or tag, a merge queue branch, no ref, or a payload naming a PR', () => {
    for (const [eventName, ref] of [
      ['issue_comment', 'refs/heads/main'],
      ['workflow_run', 'refs/heads/main'],
      ['pull_request', 'refs/pull/1/merge'],
      ['merge_group', 'refs/heads/gh-readonly-queue/main/pr-1-abc'],
      ['check_suite', 'refs/heads/main'],
      ['deployment', 'refs/heads/main'],
      ['workflow_dispatch', 'refs/pull/42/merge'],
      ['workflow_dispatch', 'refs/heads/'],
      ['push', 'refs/heads/gh-readonly-queue/main/pr-1-abc'],
      ['push', undefined],
    ] as const) {
      expect(applyWriteGate({ eventName, ...(ref ? { githubRef: ref } : {}) }).writes, `${eventName} ${ref}`).toBe(false);
    }
    expect(applyWriteGate({ eventName: 'workflow_dispatch', githubRef: 'refs/pull/42/merge' })).toEqual({
      writes: false,
      why:
        'On a `workflow_dispatch` event `apply` only plans: nothing is written, whatever `dry-run` says (its ref `refs/pull/42/merge` ' +
        'is not a branch or tag). `apply` writes on `push` to a branch or tag, `schedule`, `release` and `workflow_dispatch` of a ' +
        'branch or tag, and from the command line run by a person.',
    });
    expect(applyWriteGate({ eventName: 'push', githubRef: 'refs/heads/main', pullRequestNamedBy: 'x' }).writes).toBe(false);
    expect(applyWriteGate({ eventName: '', pullRequestNamedBy: 'x' }).writes).toBe(false);
  });

  it('bounds a long ref in its reason', () => {
    const gate = applyWriteGate({ eventName: 'workflow_dispatch', githubRef: `refs/pull/${'9'.repeat(5000)}` });
    expect(gate.writes === false && gate.why.length).toBeLessThan(600);
  });
});
