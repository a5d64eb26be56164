// The command line's `wait` without `--commit`: the checkout's HEAD, read with git, unless the
// command line or CI (GITHUB_SHA) names the commit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCommit, gitHead } from '../src/cli/git-head.js';
import { gitCheckout } from './support/git-checkout.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'rtd-git-head-'));
  folders.push(path);
  return path;
}

/** A checkout with one commit, removed after the file. */
function checkout(): { path: string; head: string } {
  const made = gitCheckout('rtd-git-head-');
  folders.push(made.path);
  return made;
}

describe('gitHead', () => {
  it("reads a checkout's HEAD, and nothing outside a checkout or before its first commit", () => {
    const { path, head } = checkout();
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(gitHead(path, process.env)).toBe(head);
    const empty = folder();
    expect(gitHead(empty, process.env)).toBeUndefined();
    execFileSync('git', ['init', '--quiet'], { cwd: empty });
    expect(gitHead(empty, process.env)).toBeUndefined();
  });
});

describe('defaultCommit', () => {
  const head = () => 'a'.repeat(40);

  it('gives `wait` the HEAD when neither --commit nor GITHUB_SHA names a commit', () => {
    expect(defaultCommit('wait', '', {}, head)).toBe('a'.repeat(40));
    expect(defaultCommit('wait', '  ', {}, () => undefined)).toBeUndefined();
  });

  it('leaves --commit, GITHUB_SHA and the other operations as they are, without asking git', () => {
    const asked = () => {
      throw new Error('git asked');
    };
    expect(defaultCommit('wait', 'b'.repeat(40), {}, asked)).toBeUndefined();
    expect(defaultCommit('wait', '', { GITHUB_SHA: 'c'.repeat(40) }, asked)).toBeUndefined();
    for (const operation of ['build', 'sync-versions', 'env', 'preview', 'apply', 'export'])
      expect(defaultCommit(operation, '', {}, asked)).toBeUndefined();
  });
});
