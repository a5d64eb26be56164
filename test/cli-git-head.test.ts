// The command line's `wait` without `--commit`: the checkout's HEAD, read with git, unless the
// command line or CI (GITHUB_SHA) names the commit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCommit, gitEnvironment, gitHead } from '../src/cli/git-head.js';
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

describe('git’s environment (issue 39)', () => {
  it('git runs without READTHEDOCS_TOKEN, GITHUB_TOKEN, the inputs, the runner’s tokens or anything named like a secret', () => {
    // A `git` first on PATH that writes the environment it was given, then answers a HEAD.
    const bin = folder();
    const dump = join(bin, 'env.txt');
    writeFileSync(join(bin, 'git'), `#!/bin/sh\nenv > "${dump}"\necho ${'d'.repeat(40)}\n`, { mode: 0o755 });
    const env = {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: bin,
      LANG: 'C.UTF-8',
      GIT_CONFIG_NOSYSTEM: '1',
      READTHEDOCS_TOKEN: 'rtd-secret-1',
      GITHUB_TOKEN: 'ghs-secret-2',
      GH_TOKEN: 'gh-secret-3',
      INPUT_TOKEN: 'input-secret-4',
      'INPUT_GITHUB-TOKEN': 'input-secret-5',
      ACTIONS_RUNTIME_TOKEN: 'runner-secret-6',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://runner.example/oidc',
      NPM_AUTH_TOKEN: 'npm-secret-7',
      AWS_SECRET_ACCESS_KEY: 'aws-secret-8',
      OPENAI_API_KEY: 'key-secret-9',
      // Secrets not named like one (issue 50's 7): the allowlist keeps them out too.
      GH_PAT: 'pat-secret-10',
      NPM_AUTH: 'npm-secret-11',
      SSH_AUTH_SOCK: '/tmp/agent-secret-12.sock',
      GCP_SA_KEY: 'gcp-secret-13',
    };
    expect(gitHead(folder(), env)).toBe('d'.repeat(40));
    const seen = readFileSync(dump, 'utf8');
    for (const secret of [
      'rtd-secret-1',
      'ghs-secret-2',
      'gh-secret-3',
      'input-secret-4',
      'input-secret-5',
      'runner-secret-6',
      'runner.example',
      'npm-secret-7',
      'aws-secret-8',
      'key-secret-9',
      'pat-secret-10',
      'npm-secret-11',
      'agent-secret-12',
      'gcp-secret-13',
    ]) {
      expect(seen).not.toContain(secret);
    }
    expect(seen).toContain(`PATH=${bin}:`);
    expect(seen).toContain(`HOME=${bin}`);
    expect(seen).toContain('LANG=C.UTF-8');
    expect(seen).toContain('GIT_CONFIG_NOSYSTEM=1');
  });

  // Issue 50's 7: a denylist let through secrets not named like one.
  it('gitEnvironment is an allowlist: what git needs to find the checkout and speak, nothing else', () => {
    expect(
      gitEnvironment({
        PATH: '/usr/bin',
        HOME: '/nonexistent',
        TMPDIR: '/tmp',
        LANG: 'C.UTF-8',
        LC_ALL: 'C',
        LC_MESSAGES: 'fr_FR.UTF-8',
        GIT_DIR: '/repo/.git',
        GIT_CONFIG_NOSYSTEM: '1',
        SystemRoot: 'C:\\Windows',
        GH_PAT: 'ghp_secret',
        NPM_AUTH: 'npm-secret',
        SSH_AUTH_SOCK: '/tmp/agent.sock',
        GCP_SA_KEY: '{"private_key":"x"}',
        GIT_CONFIG_PARAMETERS: "'http.extraheader=AUTHORIZATION: basic eA=='",
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.extraheader',
        GIT_CONFIG_VALUE_0: 'AUTHORIZATION: bearer x',
        GIT_ASKPASS: '/bin/askpass',
        GIT_SSH_COMMAND: 'ssh -i key',
        GIT_AUTHOR_NAME: 'A',
        http_proxy: 'http://user:pass@proxy:3128',
        GITHUB_TOKEN: 'x',
        input_token: 'y',
        LC_: 'not a locale category',
      }),
    ).toEqual({
      PATH: '/usr/bin',
      HOME: '/nonexistent',
      TMPDIR: '/tmp',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      LC_MESSAGES: 'fr_FR.UTF-8',
      GIT_DIR: '/repo/.git',
      GIT_CONFIG_NOSYSTEM: '1',
      SystemRoot: 'C:\\Windows',
    });
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
