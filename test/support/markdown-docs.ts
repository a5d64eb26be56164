// The user-facing documentation as the tests read it: README.md and the pages under docs/, their
// ```yaml blocks (each turned into something GitHub's workflow parser can read), their headings and
// their relative links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../harness/action-metadata.ts';

/** README.md and every docs/*.md, as paths relative to the repository. */
export function docFiles(): string[] {
  const docs = existsSync(join(ROOT, 'docs')) ? readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')) : [];
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort().map((name) => `docs/${name}`)];
}

export const readDoc = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

export interface YamlBlock {
  file: string;
  /** The 1-based line of the block's first line (after the fence). */
  line: number;
  text: string;
}

/** The ```yaml (or ```yml) blocks of a Markdown text. */
export function yamlBlocks(markdown: string, file = ''): YamlBlock[] {
  const blocks: YamlBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (!/^```ya?ml\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith('```')) end += 1;
    blocks.push({ file, line: start + 1, text: `${lines.slice(start, end).join('\n')}\n` });
    i = end;
  }
  return blocks;
}

export type BlockKind =
  /** A whole workflow (it has `jobs:`), read as it is. */
  | { kind: 'workflow'; workflow: string; offset: number }
  /** A part of one (a list of steps, or top-level keys without `jobs:`), wrapped in a minimal workflow. */
  | { kind: 'fragment'; workflow: string; offset: number }
  /** YAML that is not a workflow: its first line names another file, such as `# .github/dependabot.yml`. */
  | { kind: 'other'; path: string };

const WORKFLOW_PATH = /^\.github\/workflows\/[^/]+\.ya?ml$/;

/** What a block is, and the workflow text to parse for it (`offset`: lines added above the block's own). */
export function classifyBlock(text: string): BlockKind {
  const named = /^#\s*(\S+\.ya?ml)\s*$/.exec(text.split('\n')[0]!);
  if (named && !WORKFLOW_PATH.test(named[1]!)) return { kind: 'other', path: named[1]! };
  const lines = text.replace(/\n+$/, '').split('\n');
  const indents = lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length);
  const indent = Math.min(...indents);
  const dedented = lines.map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)));
  const firstContent = dedented.find((line) => line.trim() !== '' && !line.trimStart().startsWith('#')) ?? '';
  if (firstContent.startsWith('- ')) {
    const head = ['on: push', 'jobs:', '  example:', '    runs-on: ubuntu-latest', '    steps:'];
    return {
      kind: 'fragment',
      workflow: [...head, ...dedented.map((line) => (line === '' ? '' : `      ${line}`))].join('\n'),
      offset: head.length,
    };
  }
  // The top-level keys, read from the lines: the block may be invalid YAML, which the parser is to report.
  const keys = dedented.flatMap((line) => /^([A-Za-z_][\w-]*):/.exec(line)?.[1] ?? []);
  if (keys.includes('jobs') && keys.includes('on')) return { kind: 'workflow', workflow: dedented.join('\n'), offset: 0 };
  const head = keys.includes('on') ? [] : ['on: push'];
  const tail = keys.includes('jobs')
    ? []
    : ['jobs:', '  example:', '    runs-on: ubuntu-latest', '    steps:', '      - run: echo example'];
  return { kind: 'fragment', workflow: [...head, ...dedented, ...tail].join('\n'), offset: head.length };
}

/** Whether a step's `uses:` is this action: `./` (in this repository) or `readthedocs-action/readthedocs-action@<ref>`. */
const isThisAction = (uses: unknown): boolean =>
  typeof uses === 'string' && (uses === './' || /^readthedocs-action\/readthedocs-action@\S+$/.test(uses));

export interface ActionStep {
  job: string;
  id: string | undefined;
  uses: string;
  with: Record<string, unknown>;
  /** `continue-on-error: true`: a step that may be meant to fail (a deliberately bad input, say). */
  mayFail: boolean;
}

interface WorkflowShape {
  jobs?: Record<string, { steps?: { id?: string; uses?: string; with?: Record<string, unknown>; 'continue-on-error'?: unknown }[] } | null>;
}

/** The steps of a parsed workflow that use this action. */
export function thisActionSteps(workflow: unknown): ActionStep[] {
  const steps: ActionStep[] = [];
  for (const [job, body] of Object.entries((workflow as WorkflowShape | null)?.jobs ?? {})) {
    for (const step of body?.steps ?? []) {
      if (isThisAction(step.uses))
        steps.push({ job, id: step.id, uses: step.uses!, with: step.with ?? {}, mayFail: step['continue-on-error'] === true });
    }
  }
  return steps;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped (`-` and `_` kept), spaces as `-`. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown without its fenced blocks and inline code, where links and headings are not links and headings. */
function prose(markdown: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced) lines.push(line.replace(/`[^`]*`/g, ''));
    else lines.push('');
  }
  return lines;
}

/** The anchors of a Markdown text's headings, numbered as GitHub numbers repeated ones. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

export interface Link {
  line: number;
  target: string;
}

/** The targets of a Markdown text's links that point inside the repository (no scheme), with their lines. */
export function relativeLinks(markdown: string): Link[] {
  const links: Link[] = [];
  for (const [index, line] of prose(markdown).entries()) {
    for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: index + 1, target });
    }
  }
  return links;
}

/** The docs page of an operation: its own, but `apply` and `export`, which share one. */
export const docsPageOf = (operation: string): string =>
  operation === 'apply' || operation === 'export' ? 'docs/project-as-code.md' : `docs/${operation}.md`;
