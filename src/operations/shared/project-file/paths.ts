import { isAbsolute, resolve } from 'node:path';

/** The `config` input, relative to the checked-out repository (the run's `workspace`), as the runner sees it. */
export function configPath(config: string, workspace: string): string {
  return isAbsolute(config) ? config : resolve(workspace, config);
}
