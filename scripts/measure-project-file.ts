// How long `apply` takes to parse and check a project file at the size limit, for the shapes that
// cost the most (docs/performance.md, "The project file"). Run `npm run build` first (it measures
// lib/), then:   npx node scripts/measure-project-file.ts
// Each file is parsed three times; the best CPU time is kept. Exits 1 when one takes a second or more.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../test/support/action-metadata.ts';

const { MAX_FILE_BYTES, MAX_ALIASES, parseConfigFile } = (await import(
  pathToFileURL(join(ROOT, 'lib/operations/project-config/file.js')).href
)) as typeof import('../src/operations/project-config/file.ts');

/** `head`, then `unit(0)`, `unit(1)`… while the whole stays under the limit. */
function fill(unit: (i: number) => string, head = '', tail = ''): string {
  const parts = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; ; i += 1) {
    const next = unit(i);
    size += Buffer.byteLength(next);
    if (size > MAX_FILE_BYTES) break;
    parts.push(next);
  }
  return parts.join('') + tail;
}

const aliases = Array.from({ length: MAX_ALIASES }, (_, i) => `b${i}: *a0\n`).join('');
const FILES: [string, string][] = [
  ['a version with an unknown key, per line', fill((i) => `  v${i}: {x: 1}\n`, 'versions:\n')],
  ['an unknown top-level key, per line', fill((i) => `k${i}: 1\n`)],
  ['one key given again, per line', fill(() => '  name: x\n', 'settings:\n')],
  ['an unknown project, per entry', fill((i) => `  p${i}:\n    settings: {name: x}\n`, 'projects:\n')],
  ['1000 valid redirects, then comments', fill(() => '# padding\n', redirects(1000))],
  ['1000 redirects the service would refuse, then comments', fill(() => '# padding\n', redirects(1000, '/$rest'))],
  ['nested flow sequences (`[[[…`)', fill(() => '[')],
  [`${MAX_ALIASES} aliases, each after the whole file`, fill((i) => `  - x${i}\n`, 'a0: &a0 [1]\nlist:\n', aliases)],
];

function redirects(count: number, suffix = '.html'): string {
  return `redirects:\n${Array.from({ length: count }, (_, i) => `  - {type: exact, from: /p${i}${suffix}, to: /q${i}.html}\n`).join('')}`;
}

let worst = 0;
process.stdout.write(
  `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}\n`,
);
process.stdout.write(`files of up to ${MAX_FILE_BYTES / 1024} KiB (the limit); CPU time, best of 3\n\n`);
process.stdout.write('| File | Size | Parse and check (CPU) | Outcome |\n| --- | --- | --- | --- |\n');
for (const [name, text] of FILES) {
  let best = Number.POSITIVE_INFINITY;
  let outcome = '';
  for (let run = 0; run < 3; run += 1) {
    const start = process.cpuUsage();
    try {
      await parseConfigFile('f.yml', text, ['acme']);
      outcome = 'accepted';
    } catch (error) {
      const { total, problems } = error as { total?: number; problems?: unknown[] };
      outcome = total === undefined ? String(error) : `refused: ${total} problems, ${problems?.length} shown`;
    }
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  worst = Math.max(worst, best);
  process.stdout.write(`| ${name} | ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB | ${best.toFixed(0)} ms | ${outcome} |\n`);
}
process.stdout.write(`\nslowest: ${worst.toFixed(0)} ms (goal: under 1000 ms)\n`);
process.exitCode = worst < 1000 ? 0 : 1;
