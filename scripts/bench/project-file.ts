// (e) of `npm run bench`: how long `apply` takes to read its project file, for the shapes that cost
// the most, each filled up to the size limit (docs/performance.md, "The project file"). The file
// check runs before any request, on a pull request's file, so it must end quickly on any text.
import type * as ProjectFile from '../../src/operations/shared/project-file/file.ts';

export interface FileCost {
  name: string;
  bytes: number;
  /** CPU time, the best of the rounds. */
  cpuMs: number;
  outcome: string;
}

/**
 * Each shape, filled up to `fraction` of the size limit, parsed and checked `rounds` times; the
 * best CPU time is kept (the least disturbed by the rest of the machine).
 */
export async function projectFileCosts(file: typeof ProjectFile, options: { fraction: number; rounds: number }): Promise<FileCost[]> {
  const limit = Math.floor(file.MAX_FILE_BYTES * options.fraction);
  /** `head`, then `unit(0)`, `unit(1)`… and `tail`, up to the limit. */
  const fill = (unit: (i: number) => string, head = '', tail = ''): string => {
    const parts = [head];
    let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
    for (let i = 0; ; i += 1) {
      const next = unit(i);
      size += Buffer.byteLength(next);
      if (size > limit) break;
      parts.push(next);
    }
    return parts.join('') + tail;
  };
  const redirects = (suffix: string) =>
    `redirects:\n${Array.from({ length: 1000 }, (_, i) => `  - {type: exact, from: /p${i}${suffix}, to: /q${i}.html}\n`).join('')}`;
  const aliases = Array.from({ length: file.MAX_ALIASES }, (_, i) => `b${i}: *a0\n`).join('');
  const shapes: [string, string][] = [
    ['a version with an unknown key, per line', fill((i) => `  v${i}: {x: 1}\n`, 'versions:\n')],
    ['an unknown top-level key, per line', fill((i) => `k${i}: 1\n`)],
    ['one key given again, per line', fill(() => '  name: x\n', 'settings:\n')],
    ['an unknown project, per entry', fill((i) => `  p${i}:\n    settings: {name: x}\n`, 'projects:\n')],
    ['1000 valid redirects, then comments', fill(() => '# padding\n', redirects('.html'))],
    ['1000 redirects the service would refuse, then comments', fill(() => '# padding\n', redirects('/$rest'))],
    ['nested flow sequences (`[[[…`)', fill(() => '[')],
    [`${file.MAX_ALIASES} aliases, each after the whole file`, fill((i) => `  - x${i}\n`, 'a0: &a0 [1]\nlist:\n', aliases)],
  ];
  const costs: FileCost[] = [];
  for (const [name, text] of shapes) {
    let best = Number.POSITIVE_INFINITY;
    let outcome = '';
    for (let round = 0; round < options.rounds; round += 1) {
      const started = process.cpuUsage();
      try {
        await file.parseConfigFile('f.yml', text, ['acme']);
        outcome = 'accepted';
      } catch (error) {
        outcome =
          error instanceof file.ConfigFileError
            ? `refused: ${error.total} problem${error.total === 1 ? '' : 's'}, ${error.problems.length} shown`
            : `failed: ${String(error)}`;
      }
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    costs.push({ name, bytes: Buffer.byteLength(text), cpuMs: best, outcome });
  }
  return costs;
}
