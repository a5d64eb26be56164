// The documentation cannot drift from the code: the README's tables are action.yml's, the README is
// a short front door that links every page under docs/, the examples show every operation, every
// annotation title the action can raise has a row in docs/troubleshooting.md, every relative link
// resolves, no file names a path of a developer's machine, and .env.example lists every input.
// (test/workflow-examples.test.ts parses every example with GitHub's parser.)
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPERATIONS } from '../src/inputs/inputs.js';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';
import {
  classifyBlock,
  docFiles,
  docsPageOf,
  headingAnchors,
  headingSlug,
  readDoc,
  relativeLinks,
  thisActionSteps,
  yamlBlocks,
} from './support/markdown-docs.ts';
import {
  defaultCell,
  README_INPUTS,
  readmeTable,
  TABLES,
  tableMarkdown,
  tableRows,
  withEnvDescriptions,
} from '../harness/readme-tables.ts';
import { INPUTS_REFERENCE, inputsReference } from '../harness/inputs-reference.ts';
import { readersOf } from '../src/operations/index.ts';
import type { InputName } from '../src/inputs/declarations.ts';

const meta = readActionMetadata();
const readme = readDoc('README.md');

/** Annotation titles the action's sources can raise (status labels of the PR comment excluded). */
function annotationTitles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  walk(`${ROOT}src`);
  const patterns = [
    /\btitle(?:\s*=|:)\s*'([^']+)'/g, // title = 'X', { title: 'X' }
    /\btitle\s*=\s*[^;]*?\?\s*'([^']+)'\s*:\s*'([^']+)'/g, // title = cond ? 'X' : 'Y'
    /'([A-Z][A-Za-z ]+)',\s*(?:spec\.endpoint|'(?:GET|POST|PATCH|PUT|DELETE) [^']*'|'[a-z-]+'|endpoint)\s*[,)]/g, // new XError(message, 'Title', endpoint)
    /\b(?:status|undefined),\s*'([A-Z][^']+)',?\s*\)/g, // failure(spec, reason, Kind, status, 'Title')
    // log.warning(message, 'Title'), also over several lines and as `cond ? 'X' : 'Y'`; quoted text may hold `;`
    /warning\((?:[^;'`]|'[^']*'|`[^`]*`)*?,\s*(?:[^,;'`]*?\?\s*'([^']+)'\s*:\s*)?'([A-Z][^']+)',?\s*\)/g,
  ];
  const titles = new Set<string>();
  for (const file of files) {
    if (file.endsWith('sticky-comment.ts')) continue;
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern)) for (const group of match.slice(1)) if (group && /^[A-Z]/.test(group)) titles.add(group);
  }
  return [...titles].sort();
}

describe('README.md', () => {
  for (const table of TABLES) {
    it(`has the ${table} table exactly as action.yml says`, () => {
      const shown = readmeTable(readme, table);
      expect(shown, `README.md has no ${table} markers`).toBeDefined();
      expect(shown, 'the README table differs from action.yml: run `npx node scripts/readme-tables.ts`').toBe(tableMarkdown(meta, table));
    });
  }

  it('shows the inputs most workflows set, each with the default action.yml gives it', () => {
    const rows = tableRows(readmeTable(readme, 'inputs') ?? '');
    expect(rows.map((row) => row[0])).toEqual(README_INPUTS.map((name) => `\`${name}\``));
    for (const [name, description, shownDefault] of rows) {
      const input = meta.inputs[name!.slice(1, -1)]!;
      expect(description!.replace(/\\\|/g, '|'), name).toBe(input.description);
      expect(shownDefault, name).toBe(defaultCell(input));
    }
    // The cell is the default itself: `60/1m` in the README is `default: 60/1m` in action.yml.
    expect(defaultCell({ default: '60/1m' })).toBe('`60/1m`');
    expect(defaultCell({ required: 'true' })).toBe('**required**');
  });

  it('links docs/inputs.md, which is what `npm run generate` writes: every input and output, by operation (issue 41)', () => {
    const reference = readDoc(INPUTS_REFERENCE);
    expect(reference, 'docs/inputs.md differs from action.yml and the descriptors: run `npm run generate`').toBe(inputsReference(meta));
    expect(readme).toContain('](docs/inputs.md)');
    const rows = reference
      .split(/\n(?=## )/)
      .flatMap((section) => tableRows(section).map(([name, description, shownDefault]) => ({ section, name, description, shownDefault })));
    for (const [name, input] of Object.entries(meta.inputs)) {
      const shown = rows.filter((row) => row.name === `\`${name}\`` && row.shownDefault !== undefined);
      expect(shown.length, `docs/inputs.md does not list the input ${name}`).toBeGreaterThan(0);
      for (const row of shown) {
        expect(row.description!.replace(/\\\|/g, '|'), name).toBe(input.description);
        expect(row.shownDefault, name).toBe(defaultCell(input));
      }
      // Under each operation that reads it, or under every operation.
      const sections = shown.map((row) => /^## (.*)/m.exec(row.section)?.[1]);
      const readers = readersOf(name as InputName);
      expect(sections, name).toEqual(readers.length === OPERATIONS.length ? ['Every operation'] : readers.map((op) => `\`${op}\``));
    }
    for (const name of Object.keys(meta.outputs))
      expect(rows.some((row) => row.name === `\`${name}\`` && row.shownDefault === undefined)).toBe(true);
  });

  it('is a front door: at most 16 KB, linking every page under docs/', () => {
    expect(Buffer.byteLength(readme), 'README.md is over 16 KB: move the details to a page under docs/').toBeLessThanOrEqual(16 * 1024);
    const linked = new Set(relativeLinks(readme).map((link) => link.target.replace(/#.*$/, '')));
    for (const page of docFiles().filter((file) => file.startsWith('docs/')))
      expect([...linked], `README.md does not link ${page}`).toContain(page);
    const pages = ['troubleshooting', 'resilience-and-rate-limits', 'performance', 'development', 'migrating'].map(
      (page) => `docs/${page}.md`,
    );
    for (const page of [...OPERATIONS.map(docsPageOf), ...pages]) expect(docFiles()).toContain(page);
  });

  it('shows a minimal workflow per use, with the permissions each needs, and how to pin the action', () => {
    const blocks = yamlBlocks(readme);
    const operations = blocks.flatMap((block) => /operation: ([a-z-]+)/.exec(block.text)?.[1] ?? []);
    for (const operation of ['preview', 'sync-versions', 'env'])
      expect(operations, `README has no workflow with operation: ${operation}`).toContain(operation);
    expect(readme).toContain('version: ${{ github.ref_name }}');
    expect(readme).toMatch(/<<[A-Z_]+\n/); // a multi-line variable in the runner's heredoc form
    // Permissions: a table per operation, and in every whole workflow (test/workflow-examples.test.ts checks each job).
    const permissions = readme.slice(readme.indexOf('## Permissions'), readme.indexOf('\n## ', readme.indexOf('## Permissions') + 5));
    for (const operation of OPERATIONS)
      expect(permissions, `the Permissions table does not name ${operation}`).toContain(`\`${operation}\``);
    for (const permission of ['`{}`', '`contents: read`', '`pull-requests: write`', '`statuses: write`'])
      expect(permissions).toContain(permission);
    // The pull_request_target form is pinned by SHA, the version in a comment; Dependabot keeps it current.
    const target = blocks.find((block) => block.text.includes('pull_request_target:'));
    expect(target?.text).toMatch(/uses: readthedocs-action\/readthedocs-action@<full-commit-sha> # v\d+\.\d+\.\d+/);
    expect(readme).toContain('package-ecosystem: github-actions');
    expect(readme).toContain('No release has been tagged yet');
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toContain('npm run demo');
  });
});

describe('README.md and docs/', () => {
  const docs = docFiles().map((file) => ({ file, text: readDoc(file) }));

  it('show a workflow for each operation and each use the issues name', () => {
    const steps = docs.flatMap(({ file, text }) =>
      yamlBlocks(text, file).flatMap((block) => {
        const kind = classifyBlock(block.text);
        return kind.kind === 'other' ? [] : thisActionSteps(parse(kind.workflow));
      }),
    );
    expect(steps.length).toBeGreaterThanOrEqual(12);
    const operations = new Set(steps.map((step) => String(step.with.operation ?? 'build')));
    for (const operation of OPERATIONS) expect([...operations], `no example with operation: ${operation}`).toContain(operation);
    const all = docs.map(({ text }) => text).join('\n');
    expect(all).toContain('pull_request_target');
    expect(all).toContain('base-url: https://app.readthedocs.com');
    expect(all).toContain('translations: true');
    expect(all).toContain('npm run local');
    expect(all).toContain('npm run standin');
  });

  it('resolve every relative link, to a file that exists and a heading it has', () => {
    const broken: string[] = [];
    for (const { file, text } of docs) {
      for (const link of relativeLinks(text)) {
        const [path, anchor] = link.target.split('#') as [string, string | undefined];
        const target = path === '' ? file : normalize(join(dirname(file), decodeURIComponent(path)));
        if (!existsSync(join(ROOT, target))) broken.push(`${file}:${link.line}: ${link.target} (no ${target})`);
        else if (anchor !== undefined && !headingAnchors(readFileSync(join(ROOT, target), 'utf8')).has(anchor)) {
          broken.push(`${file}:${link.line}: ${link.target} (${target} has no heading #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
    // The checks themselves.
    expect(headingSlug('`operation: build`: a build gate')).toBe('operation-build-a-build-gate');
    expect(headingSlug('The `pull_request_target` form')).toBe('the-pull_request_target-form');
    expect(headingAnchors('# A\n```\n# not a heading\n```\n## A\n')).toEqual(new Set(['a', 'a-1']));
    expect(relativeLinks('[x](docs/a.md#b) [y](https://e.org) `[z](c.md)`\n```\n[w](d.md)\n```\n')).toEqual([
      { line: 1, target: 'docs/a.md#b' },
    ]);
  });

  it('have a troubleshooting entry for every annotation title the action can raise, in docs/troubleshooting.md', () => {
    const titles = annotationTitles();
    // The extraction must keep working as the sources change: these are known titles.
    for (const known of [
      'Invalid input',
      'Token rejected',
      'Permission denied',
      'Build failed',
      'Timed out',
      'Cancelled by the workflow',
    ]) {
      expect(titles).toContain(known);
    }
    // Warning titles given over several lines or by a ternary; a ternary that builds a message is no title.
    for (const known of ['No preview build yet', 'GitHub refused the report', 'GitHub report failed', 'Changed pages unknown'])
      expect(titles).toContain(known);
    expect(titles).not.toContain('PR comment');
    const troubleshooting = readDoc('docs/troubleshooting.md');
    const missing = titles.filter((title) => !troubleshooting.includes(`| **${title}**`));
    expect(missing, 'add a row `| **<title>** | what it means | what to do |` to the table in docs/troubleshooting.md').toEqual([]);
    // The table lives in one place only.
    expect(readme).not.toContain('| Annotation title |');
  });
});

describe('the repository', () => {
  // Assembled, so that this file does not name such a path itself.
  const MACHINE_PATH = new RegExp(
    [
      String.raw`(?<![\w.:/-])/(?:work|home(?!/docs/checkouts/)|Users)/[\w.-]+`, // a working tree or home folder (not the service's builder path)
      String.raw`(?<![\w.:/-])/root/(?:\.|[\w-]+/[\w.-]+/)`, // root's home, not a short URL path such as '/root/en/'
      String.raw`\b[A-Z]:\\(?:Users|Documents and Settings)\\`,
    ].join('|'),
  );

  it('names no path of a developer’s machine in any file it tracks', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(
        (file) =>
          file !== '' &&
          !file.startsWith('dist/') &&
          file !== 'package-lock.json' &&
          existsSync(join(ROOT, file)) &&
          lstatSync(join(ROOT, file)).isFile(),
      );
    expect(files.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      if (text.includes('\0')) continue; // binary
      for (const [index, line] of text.split('\n').entries())
        if (MACHINE_PATH.test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
    }
    expect(hits).toEqual([]);
    // The pattern itself: a machine path is caught, a URL path or a URL is not.
    const root = ['', 'work', 'shared', 'FACTS.md'].join('/');
    expect(MACHINE_PATH.test(`// ${root} describes`)).toBe(true);
    expect(MACHINE_PATH.test(`cd ${['', 'home', 'alice', 'src'].join('/')}`)).toBe(true);
    // Read the Docs' own build path (in Sphinx output) is the service's, not a developer's.
    expect(MACHINE_PATH.test('/home/docs/checkouts/readthedocs.org/user_builds/x/checkouts/latest/a.rst')).toBe(false);
    expect(MACHINE_PATH.test(`see ${['', 'root', '.npmrc'].join('/')}`)).toBe(true);
    expect(MACHINE_PATH.test(`cd ${['', 'root', 'project', 'src', ''].join('/')}`)).toBe(true);
    expect(MACHINE_PATH.test(`req.url === '/root/en/'`)).toBe(false);
    expect(MACHINE_PATH.test('https://example.org/work/x and a /docs/page')).toBe(false);
  });
});

describe('.env.example', () => {
  const example = readFileSync(`${ROOT}.env.example`, 'utf8');
  const lines = example.split('\n');

  it('lists every input as INPUT_<NAME> with hyphens kept, and no undeclared one', () => {
    const listed = [...example.matchAll(/^(?:# )?INPUT_([A-Z0-9_-]+)=/gm)].map((match) => match[1]!.toLowerCase());
    expect([...new Set(listed)].sort()).toEqual(Object.keys(meta.inputs).sort());
    expect(example).toContain('INPUT_BASE-URL=');
  });

  it('gives the @github/local-action command as docs/development.md does: with --yes (it runs `npm exec tsx` too) and the version tried', () => {
    const commands = [example, readDoc('docs/development.md'), readme].flatMap(
      (text) => text.match(/\bnpx\b[^\n]*@github\/local-action\S*/g) ?? [],
    );
    expect(commands.length).toBeGreaterThanOrEqual(2);
    for (const command of commands) expect(command).toMatch(/^npx --yes @github\/local-action@\d+\.\d+\.\d+$/);
  });

  it('describes every input as action.yml does (the token requirement and the operation list too)', () => {
    expect(example, '.env.example differs from action.yml: run `npx node scripts/readme-tables.ts`').toBe(
      withEnvDescriptions(example, meta),
    );
    expect(example).toContain(`# ${meta.inputs.token!.description}\nINPUT_TOKEN=`);
    // The rewrite changes only description lines: an outdated one is found and replaced.
    const outdated = example.replace(meta.inputs.operation!.description!, 'What to do: `build` or `wait`.');
    expect(outdated).not.toBe(example);
    expect(withEnvDescriptions(outdated, meta)).toBe(example);
    // An input it does not list yet is added after the last one, commented out, with its default.
    const missing = example.replace(/\n\n# [^\n]*\n# INPUT_ON-PROBLEM=[^\n]*/, '');
    expect(missing).not.toContain('INPUT_ON-PROBLEM');
    expect(withEnvDescriptions(missing, meta)).toContain(`\n\n# ${meta.inputs['on-problem']!.description}\n# INPUT_ON-PROBLEM=fail\n`);
  });

  it('gets a new input from the same script: one it does not list is added where action.yml has it, with its default (issue 35)', () => {
    const block = `\n\n# ${meta.inputs['redirect-check']!.description}\n# INPUT_REDIRECT-CHECK=${meta.inputs['redirect-check']!.default}`;
    expect(example).toContain(block);
    expect(withEnvDescriptions(example.replace(block, ''), meta)).toBe(example);
    const middle = `\n\n# ${meta.inputs.timeout!.description}\n# INPUT_TIMEOUT=${meta.inputs.timeout!.default}`;
    expect(example).toContain(middle);
    expect(withEnvDescriptions(example.replace(middle, ''), meta)).toBe(example);
  });

  it('shows action.yml defaults for the inputs it leaves commented out', () => {
    for (const [name, input] of Object.entries(meta.inputs)) {
      const line = lines.find((text) => text.startsWith(`# INPUT_${name.toUpperCase()}=`));
      if (line === undefined || name === 'github-token') continue;
      expect(line, name).toBe(`# INPUT_${name.toUpperCase()}=${input.default ?? ''}`);
    }
  });
});
