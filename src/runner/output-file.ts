import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Saves an output's whole value as `<dir>/readthedocs-action/<step>/<name>.json` (`config.yml` for
 * the project file) and returns the path, or undefined when it cannot be written. Readable only by
 * the job's own user: the value is redacted, but it is the step's and no one else's.
 */
export function saveOutputFile(dir: string, step: string, name: string, value: string): string | undefined {
  // The step's id from the environment names a folder: nothing in it may climb out.
  const folderName = step.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100);
  const folder = join(dir, 'readthedocs-action', /^\.*$/.test(folderName) ? 'step' : folderName);
  const file = join(folder, `${name}${name === 'config' ? '.yml' : '.json'}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(file, value, { mode: 0o600 });
    return file;
  } catch {
    return undefined;
  }
}
