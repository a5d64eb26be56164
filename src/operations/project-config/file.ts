import { ConfigFileSchema, normaliseProject, redirectKey, type DesiredProject, type ProjectConfig } from './model.js';

/** One thing wrong with the file, placed on its line. */
export interface FileProblem {
  file: string;
  line: number;
  /** The key path, `redirects[2].form`. */
  path: string;
  message: string;
}

export class ConfigFileError extends Error {
  constructor(readonly problems: FileProblem[]) {
    super(problems.map((p) => `${p.file}:${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`).join('\n'));
    this.name = 'ConfigFileError';
  }
}

type Segment = string | number;

/** `redirects[2].from`: the path as a user reads it. */
export function keyPath(path: readonly Segment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += /^[A-Za-z_][\w-]*$/.test(segment) ? `${out ? '.' : ''}${segment}` : `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Files over this size are refused: the parser's work stays bounded. */
export const MAX_FILE_BYTES = 512 * 1024;

/**
 * Parses and validates the file's text. `projects` are the `project` input's slugs: a file without
 * a `projects` map applies to each of them. Every problem names the file, the line and the key path.
 */
export async function parseConfigFile(file: string, text: string, projects: string[]): Promise<Map<string, DesiredProject>> {
  if (text.length > MAX_FILE_BYTES) {
    throw new ConfigFileError([{ file, line: 1, path: '', message: `is larger than ${MAX_FILE_BYTES / 1024} KiB` }]);
  }
  const { LineCounter, parseDocument, isNode } = await import('yaml');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  if (doc.errors.length > 0) {
    throw new ConfigFileError(
      doc.errors.map((error) => ({ file, line: lineOf(error.pos[0]), path: '', message: error.message.split('\n')[0] ?? 'not YAML' })),
    );
  }
  /** The line of the deepest node of `path` that exists (the key itself for an unknown key). */
  const lineAt = (path: readonly Segment[], key?: string): number => {
    for (let depth = path.length; depth >= 0; depth -= 1) {
      const parent = doc.getIn(path.slice(0, depth), true);
      if (depth === path.length && key !== undefined && isMapNode(parent)) {
        const pair = parent.items.find((item) => isNode(item.key) && (item.key as { value?: unknown }).value === key);
        if (pair && isNode(pair.key)) return lineOf(pair.key.range?.[0]);
      }
      if (isNode(parent)) {
        // A pair's key sits on the line where the value starts for scalars; for a missing child use the parent.
        const grand = depth > 0 ? doc.getIn(path.slice(0, depth - 1), true) : undefined;
        const last = path[depth - 1];
        if (typeof last === 'string' && isMapNode(grand)) {
          const pair = grand.items.find((item) => isNode(item.key) && (item.key as { value?: unknown }).value === last);
          if (pair && isNode(pair.key)) return lineOf(pair.key.range?.[0]);
        }
        return lineOf(parent.range?.[0]);
      }
    }
    return 1;
  };
  let data: unknown;
  try {
    // Aliases are resolved here: an unknown one, or too many (a "billion laughs" file), is refused.
    data = doc.toJS({ maxAliasCount: 50 }) ?? {};
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new ConfigFileError([{ file, line: 1, path: '', message: `cannot be read: ${message}` }]);
  }
  const parsed = ConfigFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new ConfigFileError(
      parsed.error.issues
        .map((issue) => {
          const base = issue.path.filter((s): s is Segment => typeof s !== 'symbol');
          const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
          const path = keys.length > 0 ? [...base, keys[0]!] : base;
          const message =
            keys.length > 0
              ? `unknown key${keys.length > 1 ? `s ${keys.map((k) => `\`${k}\``).join(', ')}` : ` \`${keys[0]}\``}`
              : issueMessage(issue);
          return { file, line: lineAt(base, keys[0]), path: keyPath(path), message };
        })
        .sort((a, b) => a.line - b.line),
    );
  }
  const config = parsed.data;
  const problems: FileProblem[] = [];
  const problem = (path: Segment[], message: string) => problems.push({ file, line: lineAt(path), path: keyPath(path), message });

  const single =
    config.settings !== undefined ||
    config.redirects !== undefined ||
    config.subprojects !== undefined ||
    config.versions !== undefined ||
    config.version_policy !== undefined;
  const entries: [string, ProjectConfig, Segment[]][] = [];
  if (config.projects !== undefined) {
    if (single)
      problem(
        ['projects'],
        'use either `projects` or `settings`/`redirects`/`subprojects`/`versions`/`version_policy` at the top, not both',
      );
    for (const [slug, project] of Object.entries(config.projects)) {
      if (!projects.includes(slug)) {
        problem(['projects', slug], `\`${slug}\` is not named in the input \`project\` (${projects.join(', ')})`);
      }
      entries.push([slug, project, ['projects', slug]]);
    }
  } else {
    for (const slug of projects) entries.push([slug, config, []]);
  }
  const result = new Map<string, DesiredProject>();
  for (const [slug, project, base] of entries) {
    checkProject(project, base, problem);
    result.set(slug, normaliseProject(project));
  }
  if (problems.length > 0) throw new ConfigFileError(dedupe(problems));
  return result;
}

/** zod/mini's messages are terse ("Invalid input"): say what the key accepts. */
function issueMessage(issue: {
  code: string;
  message: string;
  expected?: unknown;
  values?: unknown[];
  maximum?: unknown;
  errors?: unknown[];
}): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}`;
    case 'invalid_value':
      return `accepts ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_big':
      return `too long: at most ${String(issue.maximum)}`;
    case 'invalid_union': {
      const values = (issue.errors ?? [])
        .flatMap((e) => (Array.isArray(e) ? e : []))
        .flatMap((i: { values?: unknown[] }) => i.values ?? []);
      return values.length > 0 ? `accepts ${values.map((v) => JSON.stringify(v)).join(', ')}` : issue.message;
    }
    default:
      return issue.message;
  }
}

function isMapNode(node: unknown): node is { items: { key: unknown }[] } {
  return !!node && typeof node === 'object' && Array.isArray((node as { items?: unknown }).items);
}

function dedupe(problems: FileProblem[]): FileProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.line}\u0000${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Rules the schema alone cannot say: required URLs, spelling twice, duplicates. */
function checkProject(project: ProjectConfig, base: Segment[], problem: (path: Segment[], message: string) => void): void {
  const seen = new Map<string, number>();
  for (const [index, redirect] of (project.redirects ?? []).entries()) {
    const at = [...base, 'redirects', index];
    if (redirect.from !== undefined && redirect.from_url !== undefined) problem([...at, 'from_url'], 'give `from` or `from_url`, not both');
    if (redirect.to !== undefined && redirect.to_url !== undefined) problem([...at, 'to_url'], 'give `to` or `to_url`, not both');
    const from = redirect.from ?? redirect.from_url;
    const to = redirect.to ?? redirect.to_url;
    if (redirect.type === 'page' || redirect.type === 'exact') {
      if (!from) problem(at, `a redirect of type \`${redirect.type}\` needs \`from\``);
      if (!to) problem(at, `a redirect of type \`${redirect.type}\` needs \`to\``);
    }
    const key = redirectKey(normaliseProject({ redirects: [redirect] }).redirects![0]!);
    const first = seen.get(key);
    if (first !== undefined) problem(at, `duplicate redirect: the same type, from and to as redirects[${first}]`);
    else seen.set(key, index);
  }
  const aliases = new Map<string, number>();
  const children = new Map<string, number>();
  for (const [index, subproject] of (project.subprojects ?? []).entries()) {
    const at = [...base, 'subprojects', index];
    const alias = subproject.alias ?? subproject.child;
    const firstAlias = aliases.get(alias);
    if (firstAlias !== undefined) problem(at, `duplicate alias \`${alias}\`: subprojects[${firstAlias}] has it too`);
    else aliases.set(alias, index);
    const firstChild = children.get(subproject.child);
    if (firstChild !== undefined) problem(at, `duplicate child \`${subproject.child}\`: subprojects[${firstChild}] names it too`);
    else children.set(subproject.child, index);
  }
}
