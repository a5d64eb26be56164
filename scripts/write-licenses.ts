// Writes dist/licenses.txt for every package dist/ bundles. ncc's `--license` keeps only the last
// chunk's licences when the bundle has a lazily imported chunk (the GitHub client), so the list
// is made from package-lock.json instead: the packages src/ imports (statically or with
// `import()`), and every package they depend on, each once. (They are all devDependencies: the
// published package bundles them and installs nothing.)
import './node-check.ts';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/action-metadata.ts';

interface LockEntry {
  version?: string;
  license?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const bundled = bundledPackages(importedPackages(join(ROOT, 'src')), lock.packages);
const seen = new Set<string>();
const sections: string[] = [];
for (const path of [...bundled].sort((a, b) => packageName(a).localeCompare(packageName(b)))) {
  const entry = lock.packages[path]!;
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

/** The packages the sources under `folder` import (`from 'x'`, `import('x')`), Node's own aside: `zod/mini` → `zod`. */
function importedPackages(folder: string): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)) {
      const specifier = match[1]!;
      if (!/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?$/.test(specifier) || specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return names;
}

/** The lock's paths of `roots` and of everything they depend on, resolved as Node does (nearest node_modules up). */
function bundledPackages(roots: Set<string>, packages: Record<string, LockEntry>): Set<string> {
  const found = new Set<string>();
  const resolve = (from: string, name: string): string | undefined => {
    for (let base = from; ; ) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (base === '') return undefined;
      const cut = base.lastIndexOf('/node_modules/');
      base = cut === -1 ? '' : base.slice(0, cut);
    }
  };
  const visit = (path: string | undefined) => {
    if (path === undefined || found.has(path)) return;
    found.add(path);
    const entry = packages[path]!;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies }))
      visit(resolve(path, name));
  };
  for (const name of roots) {
    const path = resolve('', name);
    if (path === undefined) throw new Error(`src/ imports ${name}, which package-lock.json does not hold`);
    visit(path);
  }
  return found;
}
