import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The `config` input, relative to the checked-out repository (the run's `workspace`), as the runner
 * sees it. The input refuses `..` and absolute paths; a path that still resolves outside the
 * workspace (a caller that skipped the input's rules) is refused here too: `export` writes there.
 */
export function configPath(config: string, workspace: string): string {
  const path = resolve(workspace, config);
  const inside = relative(resolve(workspace), path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new Error(`The project file \`${config}\` must stay inside the repository`);
  }
  return path;
}
