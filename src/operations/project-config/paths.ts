import { isAbsolute, resolve } from 'node:path';

/** The `config` input, relative to the checked-out repository (GITHUB_WORKSPACE), as the runner sees it. */
export function configPath(config: string, env: NodeJS.ProcessEnv = process.env): string {
  return isAbsolute(config) ? config : resolve(env.GITHUB_WORKSPACE || process.cwd(), config);
}
