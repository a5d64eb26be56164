// `npm run screenshots`: the README's pictures of the PR comment and the job summary, taken from
// the demo. Runs the demo's scenarios offline (a preview that succeeds, one whose build fails, a
// build), turns the Markdown the action wrote into HTML with a GitHub-like stylesheet, and has
// headless Chromium photograph each page into docs/images/, cropped to its content. The job
// summary's gantt chart is drawn by Mermaid itself (scripts/screenshots/mermaid.ts), as on GitHub.
//
//   npm run build           # what runs is dist/index.js
//   npm run screenshots     # needs Chromium (Debian/Ubuntu: apt-get install -y chromium), and the
//                           # npm registry once, for Mermaid's tarball
//
// The HTML pages go to a temporary folder and are not kept. The stand-in's loopback addresses are
// replaced by the real service's in the pictures only (see prettyUrls).
import './node-check.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../harness/action-metadata.ts';
import { markdownToHtml, pageHtml } from './screenshots/markdown-html.ts';
import { MERMAID, mermaidBundle } from './screenshots/mermaid.ts';
import { captureBuild, capturePreview } from './screenshots/scenarios.ts';

const WIDTH = 900;
const OUT = join(ROOT, 'docs/images');

interface Picture {
  file: string;
  header: string;
  markdown: string;
}

function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM, 'chromium', 'chromium-browser', 'google-chrome'].filter((name): name is string => !!name);
  return candidates.find((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0);
}

function chromium(binary: string, profile: string, args: string[]): string {
  return execFileSync(
    binary,
    [
      '--headless',
      '--disable-gpu',
      '--no-sandbox',
      '--hide-scrollbars',
      `--user-data-dir=${profile}`,
      '--force-device-scale-factor=1',
      // Mermaid draws after the load event: the page is taken once its scripts are idle.
      '--virtual-time-budget=10000',
      ...args,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 60_000 },
  );
}

/** Lays the page out once to read its height (the page writes it into its title), then photographs it at that size. */
function photograph(binary: string, profile: string, html: string, png: string): { height: number } {
  const url = pathToFileURL(html).href;
  const dom = chromium(binary, profile, [`--window-size=${WIDTH},600`, '--dump-dom', url]);
  const failure = /<title>error=([^<]*)<\/title>/.exec(dom)?.[1];
  if (failure !== undefined) throw new Error(`${html}: Mermaid could not draw the chart: ${failure}`);
  const height = Number(/<title>height=(\d+)<\/title>/.exec(dom)?.[1]);
  if (!Number.isFinite(height) || height <= 0) throw new Error(`could not measure ${html}`);
  chromium(binary, profile, [`--window-size=${WIDTH},${height}`, `--screenshot=${png}`, url]);
  return { height };
}

async function main(): Promise<number> {
  if (!existsSync(join(ROOT, 'dist/index.js'))) {
    process.stdout.write('dist/index.js is missing: run `npm run build` first.\n');
    return 1;
  }
  const binary = findChromium();
  if (!binary) {
    process.stdout.write(
      'Chromium is not installed: on Debian or Ubuntu, `sudo apt-get install -y chromium` (or set CHROMIUM to a Chrome binary).\n',
    );
    return 1;
  }
  process.stdout.write(`Mermaid ${MERMAID.version} (npm pack, the first time)...\n`);
  const mermaid = pathToFileURL(mermaidBundle(ROOT)).href;
  // The build runs 30 s, in real time: long enough for the chart's axis to count whole seconds.
  process.stdout.write('Running the demo scenarios (preview, failed preview, a 30-second build)...\n');
  const [ready, failed, build] = await Promise.all([capturePreview(), capturePreview({ fail: true }), captureBuild({ buildMs: 30_000 })]);
  if (ready.code !== 0 || failed.code !== 1 || build.code !== 0 || !ready.comment || !failed.comment) {
    process.stdout.write(`Unexpected runs: preview exited ${ready.code}, failed preview ${failed.code}, build ${build.code}.\n`);
    return 1;
  }
  const bot = '<strong>github-actions</strong> <span>bot</span> commented';
  const pictures: Picture[] = [
    { file: 'preview-comment.png', header: bot, markdown: ready.comment },
    { file: 'preview-comment-failed.png', header: bot, markdown: failed.comment },
    { file: 'job-summary.png', header: '<strong>docs</strong> summary', markdown: build.summary },
  ];
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'rtd-screenshots-'));
  try {
    for (const picture of pictures) {
      const html = join(work, picture.file.replace(/\.png$/, '.html'));
      writeFileSync(html, pageHtml({ header: picture.header, body: markdownToHtml(picture.markdown), mermaid }));
      const png = join(OUT, picture.file);
      const { height } = photograph(binary, join(work, 'profile'), html, png);
      process.stdout.write(`docs/images/${picture.file}: ${WIDTH}×${height}, ${Math.round(statSync(png).size / 1024)} KB\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`screenshots: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
