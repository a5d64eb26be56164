// npm run test:mutation: StrykerJS over the unit layer (stryker.config.mjs), its packages installed
// on demand. They are not devDependencies: 44 of the 70 packages that warn EBADENGINE under an
// older Node on `npm ci` were theirs, and `npm test` never runs them. The first run installs the
// pinned versions into node_modules without saving them (package.json and the lock stay as they
// are; the next `npm ci` removes them), later runs find them there.
//   npm run test:mutation                                   # the operations' decision files
//   npm run test:mutation -- --mutate src/x.ts,src/y.ts     # others; every argument goes to `stryker run`
import './node-check.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from '../harness/action-metadata.ts';

/** The mutation-testing packages, at the versions the scores in docs/development.md were measured with. */
const MUTATION_PACKAGES = { '@stryker-mutator/core': '10.1.1', '@stryker-mutator/vitest-runner': '10.1.1' } as const;

/** The packages that are not in node_modules at their pinned version. */
export function missingPackages(root: string): string[] {
  return Object.entries(MUTATION_PACKAGES)
    .filter(([name, version]) => {
      const manifest = join(root, 'node_modules', name, 'package.json');
      return !existsSync(manifest) || (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version !== version;
    })
    .map(([name, version]) => `${name}@${version}`);
}

function main(args: string[]): number {
  const missing = missingPackages(ROOT);
  if (missing.length > 0) {
    console.error(`Installing ${missing.join(' and ')} for this run (not saved: the next \`npm ci\` removes them)…`);
    const install = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', ...missing], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (install.status !== 0) {
      console.error('The mutation-testing packages could not be installed (is the npm registry reachable?)');
      return install.status ?? 1;
    }
  }
  const stryker = spawnSync(join(ROOT, 'node_modules', '.bin', 'stryker'), ['run', 'stryker.config.mjs', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return stryker.status ?? 1;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) process.exitCode = main(process.argv.slice(2));
