import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { posix, win32 } from 'node:path';

/**
 * `name` as an absolute path found on PATH, never in `cwd`: on Windows a bare `git` would run
 * `git.exe` (or `git.bat`) from the current folder before PATH, which here is the checkout, whose
 * content anyone who pushed to it chose; on any system an empty, `.` or other relative PATH entry
 * names that folder too. So only absolute entries other than `cwd` count, and on Windows only
 * `<name>.exe` (Node runs no `.bat`/`.cmd` without a shell). Undefined when none is a file.
 */
export function findOnPath(
  name: string,
  env: NodeJS.ProcessEnv,
  cwd: string,
  platform: NodeJS.Platform = process.platform,
  isFile: (path: string) => boolean = (path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true,
): string | undefined {
  const windows = platform === 'win32';
  const path = windows ? win32 : posix;
  // Windows spells it `Path` as often as `PATH`, and its names ignore case.
  const key = windows ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH') : 'PATH';
  const same = (a: string, b: string) => (windows ? a.toLowerCase() === b.toLowerCase() : a === b);
  const here = path.resolve(cwd);
  for (const entry of (env[key] ?? '').split(path.delimiter)) {
    const folder = windows ? entry.replace(/^"(.*)"$/, '$1') : entry;
    if (folder === '' || !path.isAbsolute(folder) || (windows && !/^([a-z]:[\\/]|[\\/]{2})/i.test(folder))) continue;
    if (same(path.resolve(folder), here)) continue;
    const candidate = path.join(folder, windows ? `${name}.exe` : name);
    if (isFile(candidate)) return candidate;
  }
  return undefined;
}

/**
 * What `git` gets of the environment: an allowlist, nothing else. git reads the checkout's config,
 * which can make it run a command (`core.fsmonitor`) that anyone who could write the checkout chose,
 * and reading HEAD needs no secret: a token, a deploy key's agent (`SSH_AUTH_SOCK`), a cloud key
 * (`GCP_SA_KEY`), a registry's (`NPM_AUTH`) never reach it, whatever their name.
 *
 * Kept: where to find programs and files (`PATH`, `HOME`, `TMPDIR`, `XDG_CONFIG_HOME`), the
 * language and time zone of its messages (`LANG`, `LANGUAGE`, `LC_*`, `TZ`), what Windows needs to
 * run a program and find the home folder (`SystemRoot`, `windir`, `ComSpec`, `PATHEXT`, `TEMP`,
 * `TMP`, `USERPROFILE`, `HOMEDRIVE`, `HOMEPATH`), and the `GIT_*` variables that say which
 * repository and which config files to read (`GIT_DIR`, `GIT_WORK_TREE`, `GIT_CEILING_DIRECTORIES`,
 * `GIT_DISCOVERY_ACROSS_FILESYSTEM`, `GIT_CONFIG_NOSYSTEM`, `GIT_CONFIG_GLOBAL`,
 * `GIT_CONFIG_SYSTEM`). Left out: every other `GIT_*`, among them those that carry config or
 * credentials (`GIT_CONFIG_PARAMETERS`, `GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`, which can hold an
 * `http.extraHeader` with a token) or name a program to run (`GIT_ASKPASS`, `GIT_SSH_COMMAND`,
 * `GIT_EXEC_PATH`, `GIT_EXTERNAL_DIFF`), and proxies: reading HEAD sends nothing.
 */
const GIT_NAMES = new Set([
  'PATH',
  'HOME',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'LANG',
  'LANGUAGE',
  'TZ',
  'SYSTEMROOT',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'HOMEDRIVE',
  'HOMEPATH',
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
]);

/** `env` as `git` gets it: only the variables {@link GIT_NAMES} names and `LC_*` (names compared in capitals, as Windows reads them). */
export function gitEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => GIT_NAMES.has(name.toUpperCase()) || /^LC_[A-Z]+$/i.test(name)));
}

/** This checkout's HEAD (`git rev-parse --verify HEAD` in `cwd`): a full SHA-1, or undefined outside a git checkout or without git. */
export function gitHead(cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const git = findOnPath('git', env, cwd);
  if (git === undefined) return undefined;
  try {
    const head = execFileSync(git, ['rev-parse', '--verify', '--quiet', 'HEAD'], {
      cwd,
      env: gitEnvironment(env),
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
 * checkout's HEAD, as `npm run local` takes it (for an operation whose descriptor asks it). Undefined when `--commit`
 * or GITHUB_SHA gives one (the step then reads it as the action does).
 */
export function defaultCommit(commitOption: string, env: NodeJS.ProcessEnv, head: () => string | undefined): string | undefined {
  if (commitOption.trim() !== '' || env.GITHUB_SHA) return undefined;
  return head();
}
