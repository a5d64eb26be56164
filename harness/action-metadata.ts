// Reads this repository's action.yml. The file is ours and keeps a simple shape (maps of scalars),
// so a small line reader is enough and no YAML package is needed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface ActionMetadata {
  top: Record<string, string>;
  inputs: Record<string, Record<string, string>>;
  outputs: Record<string, Record<string, string>>;
  runs: Record<string, string>;
  branding: Record<string, string>;
}

function scalar(text: string): string {
  const value = text.trim();
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  if (value.startsWith('"') && value.endsWith('"')) return JSON.parse(value) as string;
  return value;
}

export function readActionMetadata(path = `${ROOT}action.yml`): ActionMetadata {
  const meta: ActionMetadata = { top: {}, inputs: {}, outputs: {}, runs: {}, branding: {} };
  let section: string | undefined;
  let entry: Record<string, string> | undefined;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    const match = /^\s*([A-Za-z0-9_-]+):(.*)$/.exec(line);
    if (!match) throw new Error(`action.yml: cannot read line: ${line}`);
    const [, key, rest] = match as unknown as [string, string, string];
    if (indent === 0) {
      section = rest.trim() === '' ? key : undefined;
      if (!section) meta.top[key] = scalar(rest);
      entry = undefined;
    } else if (indent === 2 && (section === 'inputs' || section === 'outputs')) {
      entry = {};
      meta[section][key] = entry;
    } else if (indent === 2 && (section === 'runs' || section === 'branding')) {
      meta[section][key] = scalar(rest);
    } else if (indent === 4 && entry) {
      entry[key] = scalar(rest);
    } else {
      throw new Error(`action.yml: unexpected line: ${line}`);
    }
  }
  return meta;
}
