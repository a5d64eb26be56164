// The event payload read through its schema (src/inputs/github-context.ts, issue 41): each field the
// action reads is taken when it has the expected shape, and is none otherwise, never an error.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunContext, runLinks } from '../src/inputs/github-context.js';

const SHA = 'A'.repeat(40);

function contextOf(payload: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json');
  writeFileSync(path, payload);
  return readRunContext({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path, GITHUB_REF: 'refs/heads/main' });
}

describe('the event payload, through its schema (issue 41)', () => {
  it('reads the fields the action uses', () => {
    const context = contextOf(
      JSON.stringify({
        action: 'synchronize',
        pull_request: {
          number: 7,
          merged: false,
          head: { sha: SHA, repo: { full_name: 'fork/docs' } },
          base: { repo: { full_name: 'octo/docs' }, ref: 'release/2' },
        },
        repository: { default_branch: 'main' },
        head_commit: { timestamp: '2026-01-02T03:04:05Z' },
        merge_group: { head_sha: SHA, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7-x', base_ref: 'refs/heads/main' },
      }),
    );
    expect(context).toMatchObject({
      action: 'synchronize',
      pullRequest: { number: 7, headSha: SHA, baseRepo: 'octo/docs', headRepo: 'fork/docs', merged: false, baseRef: 'release/2' },
      defaultBranch: 'main',
      pushedAt: Date.parse('2026-01-02T03:04:05Z'),
      mergeGroup: { headSha: SHA.toLowerCase(), baseRef: 'refs/heads/main' },
      pullRequestNamedBy: 'the payload names a pull request (`pull_request`)',
    });
  });

  it('takes a field of another type for none, and keeps the rest', () => {
    const context = contextOf(
      JSON.stringify({
        action: 3,
        pull_request: { number: '7', head: { sha: SHA, repo: null }, base: 'octo/docs' },
        repository: { default_branch: ['main'] },
        head_commit: { timestamp: 1 },
        merge_group: { head_sha: SHA, head_ref: 5 },
        workflow_run: {
          head_sha: SHA,
          event: 'push',
          pull_requests: [null, { number: -1 }, { number: 8, head: { sha: SHA, repo: null } }, 'x'],
        },
      }),
    );
    expect(context.action).toBeUndefined();
    expect(context.pullRequest).toBeUndefined(); // no number
    expect(context.defaultBranch).toBeUndefined();
    expect(context.pushedAt).toBeUndefined();
    expect(context.mergeGroup).toBeUndefined();
    expect(context.workflowRun?.pullRequests).toEqual([{ number: 8, headSha: SHA.toLowerCase(), headRepoId: undefined }]);
    expect(context.ref).toEqual({ kind: 'branch', name: 'main' }); // GITHUB_REF, the payload has no `ref`
    expect(context.pullRequestNamedBy).toBe('the payload names a pull request (`pull_request`)');
  });

  it("the pull request's base branch: the payload's `base.ref`, else GITHUB_BASE_REF (input `warnings`' baseline)", () => {
    const path = join(mkdtempSync(join(tmpdir(), 'event-')), 'event.json');
    writeFileSync(path, JSON.stringify({ pull_request: { number: 7, head: { sha: SHA }, base: { ref: 5 } } }));
    const env = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path };
    expect(readRunContext(env).pullRequest).not.toHaveProperty('baseRef');
    expect(readRunContext({ ...env, GITHUB_BASE_REF: 'main' }).pullRequest?.baseRef).toBe('main');
  });

  it('reads a payload that is not an object, or not JSON, as none', () => {
    for (const payload of ['null', '[1, 2]', '"text"', '{ not json']) {
      const context = contextOf(payload);
      expect(context.pullRequest).toBeUndefined();
      expect(context.pullRequestNamedBy).toBeUndefined();
      expect(context.eventName).toBe('pull_request');
    }
  });
});

describe('runLinks', () => {
  const env = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'octo/docs', GITHUB_RUN_ID: '4242' };

  it('the repository and the run, a re-run by its attempt', () => {
    expect(runLinks(env)).toEqual({ repoUrl: 'https://github.com/octo/docs', runUrl: 'https://github.com/octo/docs/actions/runs/4242' });
    expect(runLinks({ ...env, GITHUB_RUN_ATTEMPT: '2' }).runUrl).toBe('https://github.com/octo/docs/actions/runs/4242/attempts/2');
    expect(runLinks({ ...env, GITHUB_RUN_ATTEMPT: '1', GITHUB_SERVER_URL: 'https://ghe.example.com/' }).runUrl).toBe(
      'https://ghe.example.com/octo/docs/actions/runs/4242',
    );
    expect(readRunContext(env).runUrl).toBe('https://github.com/octo/docs/actions/runs/4242');
  });

  it('none that a variable of another shape would make', () => {
    expect(runLinks({ ...env, GITHUB_RUN_ID: '42/../../evil' })).toEqual({ repoUrl: 'https://github.com/octo/docs' });
    expect(runLinks({ ...env, GITHUB_REPOSITORY: 'octo/docs/../x' })).toEqual({});
    expect(runLinks({ ...env, GITHUB_SERVER_URL: 'javascript:alert(1)//' })).toEqual({});
    expect(runLinks({})).toEqual({});
  });
});
