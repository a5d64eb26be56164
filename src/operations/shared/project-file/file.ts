import { messageOf } from '../../../util/message-of.js';
import type { Edition } from './edition.js';
import { checkProject, type Segment } from './file-rules.js';
import { ConfigFileSchema, type ConfigFile, type DesiredProject, type ProjectConfig } from './model.js';
import { normaliseProject } from './normal-form.js';
import { keysAt, setAside } from './salvage.js';
import { didYouMean } from '../../../util/near-miss.js';
import { plural } from '../../../util/plural.js';

/** One thing wrong with the file (or worth a warning), placed on its line. */
export interface FileProblem {
  file: string;
  line: number;
  /** The key path, `redirects[2].form`. */
  path: string;
  message: string;
}

/** Problems shown one by one; past this many, one more line says how many were left out. */
export const MAX_PROBLEMS_SHOWN = 50;

export class ConfigFileError extends Error {
  /** How many problems were found in all (`problems` holds the first `MAX_PROBLEMS_SHOWN`, by line). */
  readonly total: number;

  constructor(
    readonly problems: FileProblem[],
    total = problems.length,
  ) {
    const more = total - problems.length;
    super(
      [
        ...problems.map((p) => `${p.file}:${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`),
        ...(more > 0 ? [`… and ${plural(more, 'more problem')} (the first ${problems.length} are shown)`] : []),
      ].join('\n'),
    );
    this.name = 'ConfigFileError';
    this.total = total;
  }
}

/** `redirects[2].from`: the path as a user reads it. */
export function keyPath(path: readonly Segment[]): string {
  let out = '';
  for (const segment of path) out += pathStep(segment, out === '');
  return out;
}

function pathStep(segment: Segment, first: boolean): string {
  if (typeof segment === 'number') return `[${segment}]`;
  return /^[A-Za-z_][\w-]*$/.test(segment) ? `${first ? '' : '.'}${segment}` : `[${JSON.stringify(segment)}]`;
}

/**
 * Files over this size are refused before they are parsed. At this size the slowest files
 * measured (see docs/performance.md) are parsed and checked in under a second.
 */
export const MAX_FILE_BYTES = 256 * 1024;

/**
 * At most this many aliases (`*name`) in a file: resolving one looks through the document for its
 * anchor, so many of them would cost time in the square of the file's size.
 */
export const MAX_ALIASES = 50;

/** How deep the line index goes: the file's format is at most 6 keys deep (`projects.a.redirects[0].from`). */
const INDEX_DEPTH = 8;

export interface ParsedConfigFile {
  projects: Map<string, DesiredProject>;
  /** Not wrong, but worth a warning on its line. */
  warnings: FileProblem[];
  /** Allowed, with no effect worth knowing about (`show_version_warning`). */
  notices: FileProblem[];
  /**
   * Where a key of a project's entry is in the file (`['versions', 'v1', 'active']`): for what is
   * refused once the service's state is read (the default version, the redirect limit).
   */
  locate(project: string, path: Segment[]): FileProblem;
}

/**
 * Parses and validates the file's text. `projects` are the `project` input's slugs: a file without
 * a `projects` map applies to each of them; `edition` is what the `base-url` input says about the
 * service. Every problem names the file, the line and the key path. Linear in the file's size:
 * the lines are indexed in one walk of the parsed document (which also finds keys given twice and
 * counts aliases), and only the first `MAX_PROBLEMS_SHOWN` problems are kept, the others counted.
 */
export async function parseConfigFile(
  file: string,
  text: string,
  projects: string[],
  options: { edition?: Edition } = {},
): Promise<ParsedConfigFile> {
  const { data, lineAt } = await readDocument(file, text);
  const at = (path: Segment[], message: string): FileProblem => ({ file, line: lineAt(path), path: keyPath(path), message });
  const edition = options.edition ?? 'unknown';
  const parsed = ConfigFileSchema.safeParse(data);
  if (!parsed.success) {
    // The parts the schema takes are checked against the service's rules too: every problem in one run.
    const rest = setAside(data, parsed.error.issues, (again) => ConfigFileSchema.safeParse(again));
    const rules = rest === undefined ? [] : checkedProjects(rest, projects, at, edition).problems;
    return refuse(dedupe([...schemaProblems(file, parsed.error.issues, lineAt), ...rules]));
  }
  const { result, bases, problems, warnings, notices } = checkedProjects(parsed.data, projects, at, edition);
  if (problems.length > 0) refuse(dedupe(problems));
  const locate = (project: string, path: Segment[]): FileProblem => at([...(bases.get(project) ?? []), ...path], '');
  return { projects: result, warnings: dedupe(warnings), notices: dedupe(notices), locate };
}

/** Each project's entry checked against the service's rules (and reported once when the file applies to several), and its desired state. */
function checkedProjects(
  config: ConfigFile,
  projects: string[],
  at: (path: Segment[], message: string) => FileProblem,
  edition: Edition,
): {
  result: Map<string, DesiredProject>;
  bases: Map<string, Segment[]>;
  problems: FileProblem[];
  warnings: FileProblem[];
  notices: FileProblem[];
} {
  const problems: FileProblem[] = [];
  const warnings: FileProblem[] = [];
  const notices: FileProblem[] = [];
  const problem = (path: Segment[], message: string) => problems.push(at(path, message));
  const warning = (path: Segment[], message: string) => warnings.push(at(path, message));
  const notice = (path: Segment[], message: string) => notices.push(at(path, message));
  const result = new Map<string, DesiredProject>();
  const bases = new Map<string, Segment[]>();
  const checked = new Set<ProjectConfig>();
  for (const [slug, project, base] of projectEntries(config, projects, problem)) {
    // A file without `projects` applies to every project of the input: checked (and reported) once.
    if (!checked.has(project)) checkProject(project, base, { problem, warning, notice, edition });
    checked.add(project);
    result.set(slug, normaliseProject(project));
    bases.set(slug, base);
  }
  return { result, bases, problems, warnings, notices };
}

/** The line of the deepest node of a key path that the file has. */
type LineAt = (path: readonly Segment[]) => number;

/** Refuses the file: its problems in the order of their lines, the first `MAX_PROBLEMS_SHOWN` shown, the rest counted. */
function refuse(problems: FileProblem[]): never {
  const sorted = problems.sort((a, b) => a.line - b.line);
  throw new ConfigFileError(sorted.slice(0, MAX_PROBLEMS_SHOWN), sorted.length);
}

/**
 * The file's data, and where each of its keys is. Refused here: a file too large, one that is not
 * YAML, a key given twice in a map, too many aliases or aliases that expand too much.
 */
async function readDocument(file: string, text: string): Promise<{ data: unknown; lineAt: LineAt }> {
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) {
    throw new ConfigFileError([{ file, line: 1, path: '', message: `is larger than ${MAX_FILE_BYTES / 1024} KiB` }]);
  }
  const { LineCounter, parseDocument } = await import('yaml');
  const lineCounter = new LineCounter();
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  // `uniqueKeys: false`: the library's own check compares each key of a map with every other one
  // (quadratic); keys given twice are found in the line index's walk instead.
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: false, prettyErrors: false });
  } catch (error) {
    return refuse([{ file, line: 1, path: '', message: `cannot be read: ${messageOf(error).split('\n')[0]}` }]);
  }
  if (doc.errors.length > 0) {
    return refuse(
      doc.errors.map((error) => ({ file, line: lineOf(error.pos[0]), path: '', message: error.message.split('\n')[0] ?? 'not YAML' })),
    );
  }
  const index = await indexLines(doc.contents, lineOf);
  if (index.duplicates.length > 0) {
    return refuse(index.duplicates.map(({ line, path }) => ({ file, line, path, message: 'this key is given twice in the same map' })));
  }
  if (index.aliases.length > MAX_ALIASES) {
    return refuse([
      {
        file,
        line: index.aliases[MAX_ALIASES]!,
        path: '',
        message: `${index.aliases.length} aliases (\`*name\`): a project file may use at most ${MAX_ALIASES}`,
      },
    ]);
  }
  try {
    // Aliases are resolved here: an unknown one, or one expanding too much (a "billion laughs" file), is refused.
    return { data: doc.toJS({ maxAliasCount: 50 }) ?? {}, lineAt: lineAtOf(index.lines) };
  } catch (error) {
    const message = messageOf(error).split('\n')[0] ?? '';
    return refuse([{ file, line: 1, path: '', message: `cannot be read: ${message}` }]);
  }
}

/** Finds a key path's line in the index (`lines`, by key path to `INDEX_DEPTH`), falling back on its parents'. */
function lineAtOf(lines: Map<string, number>): LineAt {
  return (path) => {
    const keys: string[] = [];
    let key = '';
    for (const segment of path.slice(0, INDEX_DEPTH)) {
      key += pathStep(segment, key === '');
      keys.push(key);
    }
    for (let depth = keys.length - 1; depth >= 0; depth -= 1) {
      const line = lines.get(keys[depth]!);
      if (line !== undefined) return line;
    }
    return lines.get('') ?? 1;
  };
}

type SchemaIssue = NonNullable<ReturnType<typeof ConfigFileSchema.safeParse>['error']>['issues'][number];

/** What the file's shape breaks, each on its line: an unknown key once per key. */
function schemaProblems(file: string, issues: readonly SchemaIssue[], lineAt: LineAt): FileProblem[] {
  const problems: FileProblem[] = [];
  for (const issue of issues) {
    const base = issue.path.filter((s): s is Segment => typeof s !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      // One problem per key, each on its own line.
      for (const name of issue.keys) {
        const path = [...base, name];
        const near = didYouMean(name, keysAt(ConfigFileSchema, base));
        problems.push({ file, line: lineAt(path), path: keyPath(path), message: `unknown key \`${name}\`${near}` });
      }
    } else {
      problems.push({ file, line: lineAt(base), path: keyPath(base), message: issueMessage(issue) });
    }
  }
  return problems;
}

/**
 * Each project's entry and where it is: the `projects` map's (each named in the `project` input),
 * or, without one, the whole file for every project of the input.
 */
function projectEntries(
  config: ConfigFile,
  projects: string[],
  problem: (path: Segment[], message: string) => void,
): [string, ProjectConfig, Segment[]][] {
  const single =
    config.settings !== undefined ||
    config.redirects !== undefined ||
    config.subprojects !== undefined ||
    config.versions !== undefined ||
    config.version_policy !== undefined;
  if (config.projects === undefined) return projects.map((slug) => [slug, config, []]);
  if (single) {
    problem(['projects'], 'use either `projects` or `settings`/`redirects`/`subprojects`/`versions`/`version_policy` at the top, not both');
  }
  const entries: [string, ProjectConfig, Segment[]][] = [];
  for (const [slug, project] of Object.entries(config.projects)) {
    if (!projects.includes(slug)) {
      problem(['projects', slug], `\`${slug}\` is not named in the input \`project\` (${projects.join(', ')})`);
    }
    entries.push([slug, project, ['projects', slug]]);
  }
  return entries;
}

/**
 * One walk of the document, iterative (no recursion to exhaust on a deep file): the line of every
 * key to `INDEX_DEPTH` (a map's entry is found at its key's line) and of every item of a list, by
 * key path; every key given twice in the same map; and the line of every alias. Each node is
 * visited once and each path is built from its parent's, so the walk is linear in the file's size.
 */
async function indexLines(
  root: unknown,
  lineOf: (offset: number | undefined) => number,
): Promise<{ lines: Map<string, number>; duplicates: { line: number; path: string }[]; aliases: number[] }> {
  const { isAlias, isMap, isPair, isScalar, isSeq } = await import('yaml');
  const lines = new Map<string, number>();
  const duplicates: { line: number; path: string }[] = [];
  const aliases: number[] = [];
  const rangeStart = (node: unknown) => (node as { range?: [number, number, number] } | null)?.range?.[0];
  /** `path` is undefined past `INDEX_DEPTH`: the node is only looked into for aliases. */
  const stack: { node: unknown; path: string | undefined; depth: number }[] = [{ node: root, path: '', depth: 0 }];
  lines.set('', lineOf(rangeStart(root)));
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    const indexed = path !== undefined && depth < INDEX_DEPTH ? path : undefined;
    if (isAlias(node)) aliases.push(lineOf(rangeStart(node)));
    else if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        let childPath: string | undefined;
        if (isScalar(pair.key)) {
          const name = String(pair.key.value);
          const line = lineOf(rangeStart(pair.key));
          if (indexed !== undefined) {
            childPath = indexed + pathStep(name, indexed === '');
            if (!lines.has(childPath)) lines.set(childPath, line);
          }
          if (seen.has(name)) duplicates.push({ line, path: childPath ?? '' });
          seen.add(name);
        } else {
          stack.push({ node: pair.key, path: undefined, depth: depth + 1 });
        }
        stack.push({ node: pair.value, path: childPath, depth: depth + 1 });
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        const childPath = indexed === undefined ? undefined : `${indexed}[${i}]`;
        if (childPath !== undefined) lines.set(childPath, lineOf(rangeStart(item)));
        stack.push({ node: item, path: childPath, depth: depth + 1 });
      });
    }
  }
  aliases.sort((a, b) => a - b);
  return { lines, duplicates, aliases };
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

function dedupe(problems: FileProblem[]): FileProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.line}\u0000${p.path}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
