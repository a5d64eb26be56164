// Runs the bundled action on this machine the way the runner does, with inputs from a .env file:
//
//   cp .env.example .env          # then fill in INPUT_TOKEN, INPUT_PROJECT, ...
//   npm run build                 # dist/ is what runs
//   npm run local                 # or: npm run local -- path/to/other.env (node 24 from node_modules)
//
// INPUT_<NAME> variables (hyphens kept: INPUT_BASE-URL) are the inputs; every other variable
// (GITHUB_*, ACTIONS_STEP_DEBUG, HTTPS_PROXY...) goes into the action's environment. Inputs not set
// take action.yml's defaults. Outputs and the job summary go to temporary files and are shown at the end.
import './node-check.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';
import { gitHead } from '../src/cli/git-head.ts';
import { messageOf } from '../src/util/message-of.ts';
import { runAndShow, say, showResults, style } from './demo/show.ts';

/**
 * A `.env` file as Node reads one (`util.parseEnv`, the dotenv format, which `@github/local-action`
 * reads too): `KEY=value`, `#` comments, `export`, values in '...' (literal), "..." (`\n` escapes,
 * several lines) or `...`. Node skips a line it cannot read; here such a line is an error that names it.
 */
export function parseDotenv(text: string): Record<string, string> {
  const names: string[] = []; // in the file's order (Node's are sorted)
  let quote: string | undefined; // the quote of a value that goes on over several lines
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (quote !== undefined) {
      if (line.includes(quote)) quote = undefined;
      continue;
    }
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(["'`]?)(.*)$/.exec(line);
    if (!match) throw new Error(`line ${index + 1}: expected NAME=value`);
    const [, name = '', open = '', rest = ''] = match;
    names.push(name);
    if (open !== '' && !rest.includes(open)) quote = open;
  }
  const values = parseEnv(text);
  return Object.fromEntries(names.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])));
}

/**
 * The file's lines as the runner would hand them over: INPUT_* lines are the inputs (by action.yml's
 * names, hyphens kept), the rest goes into the action's environment. An INPUT_ line action.yml does
 * not declare is refused, named, before anything runs: the runner would pass it on unread.
 */
export function splitDotenv(
  values: Record<string, string>,
  declared: Record<string, unknown>,
): { inputs: Record<string, string>; env: Record<string, string> } | { refused: string } {
  const inputs: Record<string, string> = {};
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.toUpperCase().startsWith('INPUT_')) {
      env[name] = value;
      continue;
    }
    const input = name.slice('INPUT_'.length).toLowerCase();
    if (!(input in declared))
      return { refused: `${name}: action.yml declares no input \`${input}\` (inputs keep their hyphens: INPUT_BASE-URL).` };
    inputs[input] = value;
  }
  return { inputs, env };
}

async function main(): Promise<number> {
  const file = resolve(process.argv[2] ?? '.env');
  if (!existsSync(file)) {
    say(`${file} does not exist: copy .env.example to .env and fill in at least INPUT_TOKEN and INPUT_PROJECT.`);
    return 2;
  }
  if (!existsSync(join(ROOT, 'dist/index.js'))) {
    say('dist/index.js is missing: run `npm run build` first.');
    return 2;
  }
  const split = splitDotenv(parseDotenv(readFileSync(file, 'utf8')), readActionMetadata().inputs);
  if ('refused' in split) {
    say(split.refused);
    return 2;
  }
  const { inputs, env } = split;
  // Without one, GitHub calls (preview) get GITHUB_TOKEN from this shell, or nothing: never a placeholder.
  inputs['github-token'] ??= process.env.GITHUB_TOKEN ?? '';
  // `wait` looks for the build of GITHUB_SHA: default to this checkout's HEAD rather than a placeholder.
  // Outside a git checkout the runner's placeholder stays: set GITHUB_SHA or INPUT_COMMIT for `wait`.
  const head = env.GITHUB_SHA ? undefined : gitHead(process.cwd(), process.env);
  if (head !== undefined) env.GITHUB_SHA = head;
  // Proxies of this machine apply, as they do on a self-hosted runner.
  for (const name of ['HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy']) {
    if (process.env[name] && !(name in env)) env[name] = process.env[name]!;
  }
  say(style.bold(`Running the action with ${file}`));
  say(style.dim(`inputs: ${Object.keys(inputs).join(', ')}`));
  const debug = env.ACTIONS_STEP_DEBUG === 'true' || env.RUNNER_DEBUG === '1';
  const run = await runAndShow({ inputs, env, debug, killAfterMs: 3 * 3_600_000 });
  showResults(run);
  say(`\nThe action exited ${run.code ?? run.signal}.`);
  return run.code ?? 1;
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`run-local: ${messageOf(error)}\n`);
      process.exitCode = 1;
    },
  );
}
