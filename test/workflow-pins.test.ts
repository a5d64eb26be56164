// The project's own workflows pin every action as the README tells users to: by full commit SHA,
// the version in a comment (Dependabot, .github/dependabot.yml, updates both together).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../harness/action-metadata.ts';

const WORKFLOWS = join(ROOT, '.github', 'workflows');
const files = readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));

/** `owner/repo[/path]@<40 hex> # vN[.N[.N]]`, or a local action (`./…`). */
const PINNED = /^[\w.-]+\/[\w.-]+(?:\/[\w./-]+)?@[0-9a-f]{40}\s+#\s+v\d+(?:\.\d+){0,2}\s*$/;
const LOCAL = /^\.\/\S*\s*(?:#.*)?$/;

interface Use {
  file: string;
  line: number;
  /** What follows `uses:`, the comment included. */
  text: string;
}

/** Every `uses:` line of `text` (a step's or a job's). */
function usesLines(file: string, text: string): Use[] {
  return text.split('\n').flatMap((line, index) => {
    const match = /^\s*(?:-\s+)?uses:\s*(.*)$/.exec(line);
    return match ? [{ file, line: index + 1, text: match[1]!.trim() }] : [];
  });
}

/** Every `uses` value in the parsed workflow (steps and reusable-workflow jobs), to check that no line was missed. */
function parsedUses(text: string): string[] {
  const workflow = parse(text) as { jobs?: Record<string, { uses?: string; steps?: { uses?: string }[] }> };
  return Object.values(workflow.jobs ?? {}).flatMap((job) => [
    ...(job.uses === undefined ? [] : [job.uses]),
    ...(job.steps ?? []).flatMap((step) => (step.uses === undefined ? [] : [step.uses])),
  ]);
}

function check(uses: Use[]): string[] {
  return uses.filter((use) => !PINNED.test(use.text) && !LOCAL.test(use.text)).map((use) => `${use.file}:${use.line}: uses: ${use.text}`);
}

describe('the project’s workflows pin every action', () => {
  it('by a full commit SHA with a version comment (local actions aside), on every uses: line', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
    const problems: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(WORKFLOWS, file), 'utf8');
      const uses = usesLines(file, text);
      // The line scan saw every `uses` the YAML holds (none in a flow mapping, none missed).
      expect(
        uses.map((use) => use.text.replace(/\s+#.*$/, '')),
        file,
      ).toEqual(parsedUses(text));
      problems.push(...check(uses));
    }
    expect(problems).toEqual([]);
  });

  it('one action, one pin: the same SHA and version comment in every workflow', () => {
    const pins = new Map<string, Set<string>>();
    for (const file of files) {
      for (const use of usesLines(file, readFileSync(join(WORKFLOWS, file), 'utf8'))) {
        if (LOCAL.test(use.text)) continue;
        const action = use.text.split('@')[0]!;
        pins.set(action, (pins.get(action) ?? new Set()).add(use.text.split('@')[1]!.replace(/\s+/g, ' ')));
      }
    }
    expect(pins.size).toBeGreaterThanOrEqual(3);
    for (const [action, versions] of pins) expect([...versions], action).toHaveLength(1);
  });

  it('refuses what a pin is not', () => {
    const refused = [
      'actions/checkout@v7',
      'actions/checkout@v7.0.1',
      'actions/checkout@main',
      'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1',
      'actions/checkout@3d3c42e5 # v7.0.1',
      'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # latest',
      'docker://alpine:3',
    ];
    expect(check(refused.map((text, line) => ({ file: 'x.yml', line, text })))).toHaveLength(refused.length);
    const accepted = [
      'actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1',
      'github/codeql-action/init@3d3c42e5aac5ba805825da76410c181273ba90b1 # v4',
      './',
      './.github/actions/setup',
    ];
    expect(check(accepted.map((text, line) => ({ file: 'x.yml', line, text })))).toEqual([]);
  });
});

describe('.github/dependabot.yml', () => {
  const config = parse(readFileSync(join(ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
    version: number;
    updates: { 'package-ecosystem': string; directory: string; ignore?: { 'dependency-name': string; 'update-types'?: string[] }[] }[];
  };

  it('keeps the workflows’ actions and the npm packages current', () => {
    expect(config.version).toBe(2);
    expect(config.updates.map((update) => [update['package-ecosystem'], update.directory])).toEqual([
      ['github-actions', '/'],
      ['npm', '/'],
    ]);
  });

  it('never proposes a Node major: the runner runs the action on node24', () => {
    const npm = config.updates.find((update) => update['package-ecosystem'] === 'npm')!;
    for (const name of ['node', '@types/node']) {
      expect(npm.ignore?.find((rule) => rule['dependency-name'] === name)?.['update-types'], name).toEqual(['version-update:semver-major']);
    }
  });
});

describe('the docs’ examples', () => {
  it('use the major version of every action the project’s own workflows pin (actions/checkout at one version, issue 35)', () => {
    // The major each action is pinned at in .github/workflows/ (`owner/repo@<sha> # v7.0.1` → 7).
    const pinned = new Map<string, Set<string>>();
    for (const file of files) {
      for (const use of usesLines(file, readFileSync(join(WORKFLOWS, file), 'utf8'))) {
        const match = /^([\w.-]+\/[\w.-]+)@[0-9a-f]{40}\s+#\s+v(\d+)/.exec(use.text);
        if (match) pinned.set(match[1]!, new Set([...(pinned.get(match[1]!) ?? []), match[2]!]));
      }
    }
    expect(pinned.get('actions/checkout')?.size).toBe(1);
    const docs = [
      'README.md',
      'CONTRIBUTING.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const problems: string[] = [];
    let seen = 0;
    for (const doc of docs) {
      for (const match of readFileSync(join(ROOT, doc), 'utf8').matchAll(/uses:\s*([\w.-]+\/[\w.-]+)@v(\d+)\b/g)) {
        const majors = pinned.get(match[1]!);
        if (majors === undefined) continue;
        seen += 1;
        if (!majors.has(match[2]!)) problems.push(`${doc}: ${match[1]}@v${match[2]}, the workflows pin v${[...majors].join(', v')}`);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
});
