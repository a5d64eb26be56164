import { closeSync, constants, lstatSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Saves an output's whole value as `<dir>/readthedocs-action/<step>/<name>.json` (`config.yml` for
 * the project file) and returns the path, or undefined when it cannot be written. Readable only by
 * the job's own user, and never written through a symbolic link: an earlier step of the job (a
 * pull request's code, say) could have left one there to point the write elsewhere.
 */
export function saveOutputFile(dir: string, step: string, name: string, value: string): string | undefined {
  // The step's id from the environment names a folder: nothing in it may climb out.
  const folderName = step.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100);
  const ours = join(dir, 'readthedocs-action');
  const folder = join(ours, /^\.*$/.test(folderName) ? 'step' : folderName);
  const file = join(folder, `${name}${name === 'config' ? '.yml' : '.json'}`);
  try {
    for (const path of [ours, folder]) {
      mkdirSync(path, { recursive: true, mode: 0o700 });
      if (!lstatSync(path).isDirectory()) return undefined;
    }
    // O_NOFOLLOW (not on Windows) refuses the file itself as a link.
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);
    const descriptor = openSync(file, flags, 0o600);
    try {
      writeFileSync(descriptor, value);
    } finally {
      closeSync(descriptor);
    }
    return file;
  } catch {
    return undefined;
  }
}
