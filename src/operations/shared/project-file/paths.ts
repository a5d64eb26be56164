import { isAbsolute, resolve } from 'node:path';

/** The checked-out repository (GITHUB_WORKSPACE), or the current folder outside a runner. */
export function workspaceOf(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.GITHUB_WORKSPACE || process.cwd());
}

/** The `config` input, relative to the checked-out repository (GITHUB_WORKSPACE), as the runner sees it. */
export function configPath(config: string, env: NodeJS.ProcessEnv = process.env): string {
  return isAbsolute(config) ? config : resolve(workspaceOf(env), config);
}
