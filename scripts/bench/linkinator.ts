// (g) of `npm run bench`, its side-by-side figure: linkinator (the npm package, a general link
// checker) run on the same preview pages as the action's link check, against the same stand-in
// (the same answer delay, the same docs host throttling above 4 requests a second). It is not a
// devDependency: the bench installs the pinned version into node_modules with `npm install
// --no-save` when it is not there (as scripts/mutation.ts installs Stryker: package.json and the
// lock stay as they are, the next `npm ci` removes it). Without the registry, the bench says so
// and goes on without this figure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The version the figures in docs/performance.md were measured with. */
const LINKINATOR = { name: 'linkinator', version: '8.1.0' } as const;

/** linkinator's command line, installed if it is not there; why not when it cannot be. */
export function linkinatorCli(root: string): { cli: string } | { skipped: string } {
  const manifest = join(root, 'node_modules', LINKINATOR.name, 'package.json');
  const installed = () =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === LINKINATOR.version;
  if (!installed()) {
    process.stderr.write(`(g) installing ${LINKINATOR.name}@${LINKINATOR.version} for the side-by-side figure (not saved)…\n`);
    const install = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${LINKINATOR.name}@${LINKINATOR.version}`],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
    );
    if (install.status !== 0 || !installed()) {
      return { skipped: `${LINKINATOR.name}@${LINKINATOR.version} could not be installed (is the npm registry reachable?)` };
    }
  }
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: Record<string, string> }).bin?.[LINKINATOR.name];
  return bin === undefined
    ? { skipped: `${LINKINATOR.name} has no command line` }
    : { cli: join(root, 'node_modules', LINKINATOR.name, bin) };
}

/** What linkinator said of one run. */
export interface LinkinatorRun {
  /** Its exit code (1 when it found a broken link), null when it was stopped. */
  code: number | null;
  durationMs: number;
  /** Links it checked, those it called broken, and of those how many only because the host answered 429. */
  links: number;
  broken: number;
  brokenBy429: number;
}

/**
 * linkinator on `urls` (the changed pages, not crawled further), with the options a careful user
 * gives for docs: the anchors checked (`--check-fragments`), a 429 waited out as `Retry-After` asks
 * (`--retry`); its other defaults (100 connections at once). Stopped after `killAfterMs`.
 */
export function runLinkinator(cli: string, urls: readonly string[], killAfterMs: number): Promise<LinkinatorRun> {
  const startedAt = Date.now();
  const args = [cli, ...urls, '--format', 'json', '--check-fragments', '--retry', '--timeout', '10000'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const durationMs = Date.now() - startedAt;
      let links: { state?: string; status?: number }[] = [];
      try {
        links = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { links?: typeof links }).links ?? [];
      } catch {
        // Stopped, or no report: counted as nothing.
      }
      const broken = links.filter((link) => link.state === 'BROKEN');
      resolve({
        code,
        durationMs,
        links: links.length,
        broken: broken.length,
        brokenBy429: broken.filter((link) => link.status === 429).length,
      });
    });
  });
}
