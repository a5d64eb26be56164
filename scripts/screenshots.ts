// `npm run screenshots`: the README's pictures of the PR comment, the job summary, the health issue
// and the terminal, taken from the demo. Runs the demo's scenarios offline (a preview that
// succeeds, one whose build fails, a failed build, the same from the command line, a preview whose
// link check fails, the same with a page of 120 broken links), renders the
// rest with the action's own renderers (scripts/screenshots/synthetic.ts: ten projects, pages
// removed without a redirect, an unhealthy project), turns the Markdown into HTML with a
// GitHub-like stylesheet (details collapsed, as GitHub shows them), and has headless Chromium
// photograph each page into docs/images/ at 900 px (420 px where a phone's width matters), cropped
// to its content. The job summary's gantt chart is drawn by Mermaid itself
// (scripts/screenshots/mermaid.ts), as on GitHub.
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
import { escapeHtml, markdownToHtml, pageHtml } from './screenshots/markdown-html.ts';
import { MERMAID, mermaidBundle } from './screenshots/mermaid.ts';
import { captureBrokenLinks, captureBuild, capturePreview, captureTerminal } from './screenshots/scenarios.ts';
import { removedPagesComment, tenProjectsComment, unhealthyIssue } from './screenshots/synthetic.ts';

const WIDTH = 900;
const NARROW = 420;
const OUT = join(ROOT, 'docs/images');

interface Picture {
  file: string;
  header: string;
  /** The Markdown to render, or with `terminal` the text a terminal showed. */
  markdown: string;
  width?: number;
  terminal?: boolean;
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
function photograph(binary: string, profile: string, html: string, png: string, width: number): { height: number } {
  const url = pathToFileURL(html).href;
  const dom = chromium(binary, profile, [`--window-size=${width},600`, '--dump-dom', url]);
  const failure = /<title>error=([^<]*)<\/title>/.exec(dom)?.[1];
  if (failure !== undefined) throw new Error(`${html}: Mermaid could not draw the chart: ${failure}`);
  const height = Number(/<title>height=(\d+)<\/title>/.exec(dom)?.[1]);
  if (!Number.isFinite(height) || height <= 0) throw new Error(`could not measure ${html}`);
  chromium(binary, profile, [`--window-size=${width},${height}`, `--screenshot=${png}`, url]);
  return { height };
}

/** A job summary's verdict, then its broken links' part alone (the flood's picture: the grouped list, not the rest). */
function brokenLinksPart(summary: string): string {
  const [verdict = ''] = summary.split('\n');
  const start = summary.indexOf('**Broken links in ');
  return start === -1 ? summary : `${verdict}\n\n${summary.slice(start)}`;
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
  process.stdout.write('Running the demo scenarios (preview, failed preview, a failed 30-second build, the same from the terminal)...\n');
  const [ready, failed, build, terminal, links, flood] = await Promise.all([
    capturePreview(),
    capturePreview({ fail: true }),
    captureBuild({ buildMs: 30_000 }),
    captureTerminal({ buildMs: 6000 }),
    captureBrokenLinks(),
    captureBrokenLinks({ flood: true }),
  ]);
  const codes = [ready.code, failed.code, build.code, terminal.code, links.code, flood.code];
  if (codes.join() !== '0,1,1,1,1,1' || !ready.comment || !failed.comment || !links.comment) {
    process.stdout.write(
      `Unexpected runs: preview exited ${ready.code}, failed preview ${failed.code}, build ${build.code}, terminal ${terminal.code}, ` +
        `broken links ${links.code}, 120 broken links ${flood.code}.\n`,
    );
    return 1;
  }
  const bot = '<strong>github-actions</strong> <span>bot</span> commented';
  const ten = await tenProjectsComment();
  const pictures: Picture[] = [
    { file: 'preview-comment.png', header: bot, markdown: ready.comment },
    { file: 'preview-comment-failed.png', header: bot, markdown: failed.comment },
    { file: 'preview-comment-failed-narrow.png', header: bot, markdown: failed.comment, width: NARROW },
    { file: 'preview-comment-removed-pages.png', header: bot, markdown: await removedPagesComment() },
    { file: 'preview-comment-broken-links.png', header: bot, markdown: links.comment },
    { file: 'preview-comment-ten-projects.png', header: bot, markdown: ten },
    { file: 'preview-comment-ten-projects-narrow.png', header: bot, markdown: ten, width: NARROW },
    { file: 'job-summary.png', header: '<strong>docs</strong> summary', markdown: build.summary },
    { file: 'job-summary-broken-links.png', header: '<strong>docs-preview</strong> summary', markdown: brokenLinksPart(flood.summary) },
    {
      file: 'health-issue.png',
      header: '<strong>github-actions</strong> <span>bot</span> opened this issue',
      markdown: await unhealthyIssue(),
    },
    {
      file: 'terminal.png',
      header: '<strong>$ readthedocs-action build --project acme-docs --version latest</strong>',
      markdown: terminal.text,
      terminal: true,
    },
  ];
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'rtd-screenshots-'));
  try {
    for (const picture of pictures) {
      const html = join(work, picture.file.replace(/\.png$/, '.html'));
      const body = picture.terminal
        ? `<pre class="terminal">${escapeHtml(picture.markdown.trimEnd())}</pre>`
        : markdownToHtml(picture.markdown);
      writeFileSync(html, pageHtml({ header: picture.header, body, mermaid }));
      const png = join(OUT, picture.file);
      const width = picture.width ?? WIDTH;
      const { height } = photograph(binary, join(work, 'profile'), html, png, width);
      process.stdout.write(`docs/images/${picture.file}: ${width}×${height}, ${Math.round(statSync(png).size / 1024)} KB\n`);
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
