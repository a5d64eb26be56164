// Writes dist/licenses.txt for every production dependency. ncc's `--license` keeps only the last
// chunk's licences when the bundle has a lazily imported chunk (the GitHub client), so the list
// is made from package-lock.json instead: every package that can end up in dist/, each once.
import './node-check.ts';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/action-metadata.ts';

interface LockEntry {
  version?: string;
  license?: string;
  dev?: boolean;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const seen = new Set<string>();
const sections: string[] = [];
for (const [path, entry] of Object.entries(lock.packages).sort(([a], [b]) => packageName(a).localeCompare(packageName(b)))) {
  if (path === '' || entry.dev) continue;
  const name = packageName(path);
  const key = `${name}@${entry.version ?? ''}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const folder = join(ROOT, path);
  const file = existsSync(folder) ? readdirSync(folder).find((candidate) => /^(licen[cs]e|copying)(\.|$)/i.test(candidate)) : undefined;
  const text = file ? readFileSync(join(folder, file), 'utf8').trim() : '';
  sections.push([name, entry.license ?? 'UNKNOWN', text].filter(Boolean).join('\n'));
}
writeFileSync(join(ROOT, 'dist/licenses.txt'), `${sections.join('\n\n')}\n`);

/** `node_modules/a/node_modules/@s/b` → `@s/b`. */
function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}
