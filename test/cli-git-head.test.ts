// The command line's `wait` without `--commit`: the checkout's HEAD, read with git, unless the
// command line or CI (GITHUB_SHA) names the commit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCommit, gitHead } from '../src/cli/git-head.js';
import { OPERATION_DESCRIPTORS } from '../src/operations/index.js';
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
    expect(defaultCommit('', {}, head)).toBe('a'.repeat(40));
    expect(defaultCommit('  ', {}, () => undefined)).toBeUndefined();
  });

  it('leaves --commit and GITHUB_SHA as they are, without asking git; only `wait` takes the HEAD', () => {
    const asked = () => {
      throw new Error('git asked');
    };
    expect(defaultCommit('b'.repeat(40), {}, asked)).toBeUndefined();
    expect(defaultCommit('', { GITHUB_SHA: 'c'.repeat(40) }, asked)).toBeUndefined();
    const takers = Object.entries(OPERATION_DESCRIPTORS).filter(([, descriptor]) => descriptor.commitFromCheckout);
    expect(takers.map(([name]) => name)).toEqual(['wait']);
  });
});
