// `npm run test:mutation` (scripts/mutation.ts, issue 49): StrykerJS is installed on demand, not a
// devDependency, so that `npm ci` does not install (and warn about) its packages for a suite that
// `npm test` never runs. Which packages a run still needs is read from node_modules.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../harness/action-metadata.ts';
import { missingPackages } from '../../scripts/mutation.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project folder whose node_modules holds `installed` (name → version). */
function projectWith(installed: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rtd-mutation-'));
  folders.push(root);
  for (const [name, version] of Object.entries(installed)) {
    mkdirSync(join(root, 'node_modules', name), { recursive: true });
    writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
  }
  return root;
}

describe('npm run test:mutation', () => {
  it('is not part of the default install: no @stryker-mutator package in package.json, the script installs them', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(Object.keys(manifest.devDependencies).filter((name) => name.startsWith('@stryker-mutator/'))).toEqual([]);
    expect(manifest.scripts['test:mutation']).toBe('node scripts/mutation.ts');
  });

  it('installs what node_modules lacks, or holds at another version, and nothing when both are there', () => {
    expect(missingPackages(projectWith({}))).toEqual(['@stryker-mutator/core@10.1.1', '@stryker-mutator/vitest-runner@10.1.1']);
    expect(missingPackages(projectWith({ '@stryker-mutator/core': '10.1.1', '@stryker-mutator/vitest-runner': '9.0.0' }))).toEqual([
      '@stryker-mutator/vitest-runner@10.1.1',
    ]);
    expect(missingPackages(projectWith({ '@stryker-mutator/core': '10.1.1', '@stryker-mutator/vitest-runner': '10.1.1' }))).toEqual([]);
  });
});
