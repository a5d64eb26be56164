// `npm run lint` runs knip after Biome (issue 31.5): no file, dependency or export that nothing
// uses. It is silent on the repository, and fails on an export nothing imports.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../harness/action-metadata.ts';

const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

function knip(cwd: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', 'knip'),
      ['--no-progress', '--directory', cwd],
      // A hang guard only, far above the 15 s it takes alone: on a machine shared with other test runs it took over 60 s.
      { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 180_000 },
      (error, stdout, stderr) =>
        resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, output: `${stdout}${stderr}` }),
    );
  });
}

const probe = mkdtempSync(join(tmpdir(), 'rtd-knip-'));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('knip in npm run lint', () => {
  it('runs after Biome', () => {
    expect(SCRIPTS.lint).toBe('npm run --silent lint:biome && knip --no-progress');
  });

  it('prints nothing on the repository itself', { timeout: 200_000 }, async () => {
    const result = await knip(ROOT);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails on an export that nothing imports, naming it', async () => {
    mkdirSync(join(probe, 'src'), { recursive: true });
    writeFileSync(join(probe, 'package.json'), JSON.stringify({ name: 'probe', type: 'module', private: true }));
    writeFileSync(join(probe, 'knip.json'), JSON.stringify({ entry: ['src/index.ts'], project: ['src/**/*.ts'] }));
    writeFileSync(join(probe, 'src', 'index.ts'), "import { used } from './util.ts';\nconsole.log(used);\n");
    writeFileSync(join(probe, 'src', 'util.ts'), 'export const used = 1;\nexport const onlyHere = 2;\nconsole.log(onlyHere);\n');
    const result = await knip(probe);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/Unused exports \(1\)\s+onlyHere\s+src\/util\.ts/);
  });
});
