// The documentation cannot drift from the code: the README's tables are action.yml's, its examples
// use only declared inputs, outputs and operations, every annotation title the action can raise
// has a troubleshooting entry, and .env.example lists every input.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/inputs/inputs.js';
import { ROOT, readActionMetadata } from './support/action-metadata.ts';
import { defaultCell, readmeTable, TABLES, tableMarkdown, tableRows } from './support/readme-tables.ts';

const meta = readActionMetadata();
const readme = readFileSync(`${ROOT}README.md`, 'utf8');
const USES = 'readthedocs-action/readthedocs-action@v1';

/** The ```yaml blocks of the README. */
function yamlBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
}

/** The `with:` keys of every step that uses this action, per block. */
function stepsOfThisAction(block: string): Record<string, string>[] {
  const lines = block.split('\n');
  const steps: Record<string, string>[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]!.includes(`uses: ${USES}`)) continue;
    const stepIndent = lines[i]!.indexOf('uses:');
    const withs: Record<string, string> = {};
    let withIndent: number | undefined;
    for (let j = i + 1; j < lines.length; j += 1) {
      const line = lines[j]!;
      if (line.trim() === '' || line.trim().startsWith('#')) continue;
      const indent = line.length - line.trimStart().length;
      if (indent < stepIndent || (indent === stepIndent && line.trimStart().startsWith('- '))) break;
      if (indent === stepIndent && line.trim() === 'with:') {
        withIndent = undefined;
        for (j += 1; j < lines.length; j += 1) {
          const inner = lines[j]!;
          if (inner.trim() === '' || inner.trim().startsWith('#')) continue;
          const innerIndent = inner.length - inner.trimStart().length;
          if (innerIndent <= stepIndent) {
            j -= 1;
            break;
          }
          withIndent ??= innerIndent;
          const key = /^\s*([A-Za-z0-9_-]+):\s*(.*)$/.exec(inner);
          if (innerIndent === withIndent && key) withs[key[1]!] = key[2]!.replace(/\s+#.*$/, '');
        }
      }
    }
    steps.push(withs);
  }
  return steps;
}

/** Annotation titles the action's sources can raise (status labels of the PR comment excluded). */
function annotationTitles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('lint-probe-')) continue; // test/lint.test.ts's temporary probes
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
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) for (const group of match.slice(1)) if (group && /^[A-Z]/.test(group)) titles.add(group);
  }
  return [...titles].sort();
}

describe('README.md', () => {
  for (const table of TABLES) {
    it(`has the ${table} table exactly as action.yml says`, () => {
      const shown = readmeTable(readme, table);
      expect(shown, `README.md has no ${table} markers`).toBeDefined();
      expect(shown, 'the README table differs from action.yml: run `node scripts/readme-tables.ts`').toBe(tableMarkdown(meta, table));
    });
  }

  it('shows every input with the default action.yml gives it', () => {
    const rows = tableRows(readmeTable(readme, 'inputs') ?? '');
    expect(rows.map((row) => row[0])).toEqual(Object.keys(meta.inputs).map((name) => `\`${name}\``));
    for (const [name, description, shownDefault] of rows) {
      const input = meta.inputs[name!.slice(1, -1)]!;
      expect(description!.replace(/\\\|/g, '|'), name).toBe(input.description);
      expect(shownDefault, name).toBe(defaultCell(input));
    }
    // The cell is the default itself: `60/1m` in the README is `default: 60/1m` in action.yml.
    expect(defaultCell({ default: '60/1m' })).toBe('`60/1m`');
    expect(defaultCell({ required: 'true' })).toBe('**required**');
  });

  it('uses only declared inputs, operations and outputs in its workflow examples', () => {
    const blocks = yamlBlocks(readme);
    const steps = blocks.flatMap(stepsOfThisAction);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    for (const withs of steps) {
      for (const key of Object.keys(withs)) expect(Object.keys(meta.inputs), `README example uses input ${key}`).toContain(key);
      if (withs.operation) expect(OPERATIONS, `README example uses operation ${withs.operation}`).toContain(withs.operation);
      if (meta.inputs.project?.required === 'true') expect(withs.project, 'every example sets project').toBeTruthy();
    }
    for (const block of blocks) {
      for (const match of block.matchAll(/steps\.[A-Za-z0-9_-]+\.outputs\.([A-Za-z0-9_-]+)/g)) expect(Object.keys(meta.outputs)).toContain(match[1]);
    }
    // The parser itself: it must see the keys of a step, and stop at the next step.
    expect(stepsOfThisAction(`- uses: ${USES}\n  with:\n    project: a\n    operation: wait # note\n- uses: other/action@v1\n  with:\n    foo: 1\n`)).toEqual([
      { project: 'a', operation: 'wait' },
    ]);
  });

  it('shows a workflow for each operation and each use the issue names', () => {
    const steps = yamlBlocks(readme).flatMap(stepsOfThisAction);
    const operations = new Set(steps.map((withs) => withs.operation ?? 'build'));
    for (const operation of OPERATIONS) expect([...operations], `no example with operation: ${operation}`).toContain(operation);
    expect(readme).toContain('pull_request_target');
    expect(readme).toMatch(/pull-requests: write/);
    expect(readme).toMatch(/statuses: write/);
    expect(readme).toContain('version: ${{ github.ref_name }}');
    expect(readme).toContain('base-url: https://app.readthedocs.com');
    expect(readme).toMatch(/<<[A-Z_]+\n/); // a multi-line variable in the runner's heredoc form
    expect(readme).toContain('npm ci && npm test');
    expect(readme).toContain('npm run demo');
  });

  it('has a troubleshooting entry for every annotation title the action can raise', () => {
    const titles = annotationTitles();
    // The extraction must keep working as the sources change: these are known titles.
    for (const known of ['Invalid input', 'Token rejected', 'Permission denied', 'Build failed', 'Timed out', 'Cancelled by the workflow']) {
      expect(titles).toContain(known);
    }
    // Warning titles given over several lines or by a ternary; a ternary that builds a message is no title.
    for (const known of ['No preview build yet', 'GitHub refused the report', 'GitHub report failed', 'Changed pages unknown']) expect(titles).toContain(known);
    expect(titles).not.toContain('PR comment');
    const troubleshooting = readme.slice(readme.indexOf('## Troubleshooting'), readme.indexOf('\n## ', readme.indexOf('## Troubleshooting') + 5));
    const missing = titles.filter((title) => !troubleshooting.includes(`| **${title}**`));
    expect(missing, 'add a row `| **<title>** | what it means | what to do |` to the README troubleshooting table').toEqual([]);
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

  it('shows action.yml defaults for the inputs it leaves commented out', () => {
    for (const [name, input] of Object.entries(meta.inputs)) {
      const line = lines.find((text) => text.startsWith(`# INPUT_${name.toUpperCase()}=`));
      if (line === undefined || name === 'github-token') continue;
      expect(line, name).toBe(`# INPUT_${name.toUpperCase()}=${input.default ?? ''}`);
    }
  });
});
