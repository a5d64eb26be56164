// A git checkout with one commit, made with this machine's git (its own identity, whatever the
// machine's configuration): for what reads a checkout's HEAD.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh folder holding a checkout with one commit (`index.rst`); returns it and its HEAD. */
export function gitCheckout(prefix = 'rtd-checkout-'): { path: string; head: string } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'init.defaultBranch=main', ...args], {
      cwd: path,
      encoding: 'utf8',
    }).trim();
  git('init', '--quiet');
  writeFileSync(join(path, 'index.rst'), 'Docs\n');
  git('add', 'index.rst');
  git('commit', '--quiet', '-m', 'docs');
  return { path, head: git('rev-parse', 'HEAD') };
}
