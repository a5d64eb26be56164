import { execFileSync } from 'node:child_process';

/** This checkout's HEAD (`git rev-parse --verify HEAD` in `cwd`): a full SHA-1, or undefined outside a git checkout or without git. */
export function gitHead(cwd: string): string | undefined {
  try {
    const head = execFileSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    // The service filters builds on the 40-character SHA; a SHA-256 repository's is not one it knows.
    return /^[0-9a-f]{40}$/.test(head) ? head : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The commit `wait` looks for when the command line names none and no CI does (GITHUB_SHA): the
 * checkout's HEAD, as `npm run local` takes it. Undefined for other operations, or when `--commit`
 * or GITHUB_SHA gives one (the step then reads it as the action does).
 */
export function defaultCommit(
  operation: string,
  commitOption: string,
  env: NodeJS.ProcessEnv,
  head: () => string | undefined,
): string | undefined {
  if (operation !== 'wait' || commitOption.trim() !== '' || env.GITHUB_SHA) return undefined;
  return head();
}
