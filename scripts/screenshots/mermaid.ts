// Mermaid for the pictures: the real library draws the job summary's gantt chart, as GitHub does,
// so that a chart Mermaid reads wrong (the `dateFormat X` of issue 23) shows wrong in the picture.
//
// Not a devDependency: Mermaid 12 brings 116 packages and about 200 MB into node_modules (d3,
// cytoscape, katex, elkjs…) and some 9 s to every `npm ci`, in CI too, for three pictures made by
// hand. The browser needs only its self-contained bundle, `dist/mermaid.min.js`: `npm pack` fetches
// the one tarball from the npm registry (no CDN) when the pictures are made, it is checked against
// the integrity pinned here, and the bundle is kept in node_modules/.cache/ for the next time.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Mermaid the pictures are drawn with, and its tarball's integrity as the registry lists it (`npm view mermaid@V dist.integrity`). */
export const MERMAID = {
  version: '12.3.0',
  integrity: 'sha512-4113TdXeLAsMruJ79OpFL5O8+LTFXhQqZ260rF3tgUmiNAtRm4Uume04I+65PRN6yZ69J4f8rVYWW8zRk65UYw==',
} as const;

const BUNDLE = 'package/dist/mermaid.min.js';

/** A file's Subresource Integrity string (`sha512-<base64>`), as npm records a tarball's. */
export function fileIntegrity(path: string): string {
  return `sha512-${createHash('sha512').update(readFileSync(path)).digest('base64')}`;
}

/**
 * Copies the browser bundle out of a Mermaid tarball to `target`, after checking that the tarball
 * is the one pinned: a different file is refused before anything is unpacked.
 */
export function unpackBundle(tarball: string, integrity: string, target: string): void {
  const actual = fileIntegrity(tarball);
  if (actual !== integrity) throw new Error(`${tarball} is not the pinned Mermaid: integrity ${actual}, expected ${integrity}`);
  const work = mkdtempSync(join(tmpdir(), 'rtd-mermaid-'));
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', work, BUNDLE], { stdio: ['ignore', 'ignore', 'pipe'] });
    copyFileSync(join(work, BUNDLE), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The path of Mermaid's browser bundle under `root`'s node_modules/.cache/, fetched with `npm pack`
 * the first time (npm's own cache makes a second fetch local).
 */
export function mermaidBundle(root: string, pinned: { version: string; integrity: string } = MERMAID): string {
  const folder = join(root, 'node_modules', '.cache', 'readthedocs-action-screenshots', `mermaid-${pinned.version}`);
  const bundle = join(folder, 'mermaid.min.js');
  if (existsSync(bundle)) return bundle;
  mkdirSync(folder, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'rtd-mermaid-pack-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', `mermaid@${pinned.version}`, '--json', '--pack-destination', work], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as { filename: string }[];
    // Renamed into place whole: an interrupted run leaves no half bundle to be taken for a whole one.
    unpackBundle(join(work, packed[0]!.filename), pinned.integrity, `${bundle}.part`);
    renameSync(`${bundle}.part`, bundle);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bundle;
}
