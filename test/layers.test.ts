// The layer order, as one list (issue 51): every import of src/, harness/, scripts/ and test/, read
// with the compiler's own parse (TypeScript 7's API, as test/function-length.test.ts), is held to
// LAYERS and to the few rules beside it. It replaces the per-folder blocks biome.json repeated;
// Biome keeps what only it states (import cycles, type-only ones included: test/lint.test.ts).
// The checker is a pure function: the probes below feed it one defect each and see it refused, and
// the repository must give it nothing to say.
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from 'typescript/unstable/sync';
import { SyntaxKind, type Node, type SourceFile } from 'typescript/unstable/ast';

/**
 * src/'s layers, from the top. A file imports only from a layer below its own, and the places of
 * one layer import none of each other; a place is a file or a folder (with everything under it).
 * A file's place is the most specific one it is under; a folder's `*` is any one folder, each its own place
 * (an operation imports no other operation), `shared` excepted, and `*.ts` the files directly in a
 * folder: a file directly under src/operations/shared/ has no place (what the operations share is
 * on a named shelf).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['src/entry/'],
  ['src/cli/'],
  ['src/step.ts'],
  // The registry (it lists every operation's descriptor) and what reads it.
  ['src/operations/unread-inputs.ts'],
  ['src/operations/index.ts'],
  // One folder per operation.
  ['src/operations/*/'],
  // The shelves of what several operations share.
  ['src/operations/shared/links/'],
  ['src/operations/shared/builds/', 'src/operations/shared/project-file/'],
  ['src/operations/shared/versions/'],
  // The other files of src/operations itself: the context, the per-project runner, the gates, the polling plan.
  ['src/operations/*.ts'],
  ['src/github/'],
  ['src/github/api/'],
  ['src/readthedocs/', 'src/reporting/'],
  ['src/runner/'],
  ['src/domain/', 'src/inputs/'],
  // Every wait and retry: it imports nothing but src/util/.
  ['src/resilience/'],
  ['src/util/', 'src/version.ts', 'src/node-version.ts'],
];

/** Names a folder of src/ may not import from a file of src/: operations wait and reach GitHub through the context. */
const REFUSED_NAMES: readonly { under: string; from: string; name: string; why: string }[] = [
  {
    under: 'src/operations/',
    from: 'src/util/abort.ts',
    name: 'sleep',
    why: 'operations wait through ctx.sleep (and pollUntil from src/resilience), so that tests can run them on a fake clock',
  },
  {
    under: 'src/operations/',
    from: 'src/github/api/client.ts',
    name: 'createOctokit',
    why: 'operations reach GitHub through ctx.github (the context factory), so that a front end or a test gives its own',
  },
];

/** The one file of src/ that talks to @actions/core: the rest goes through the RunnerPort (src/runner/port.ts). */
const CORE_ADAPTER = 'src/runner/actions.ts';

/** Outside src/: test/ and scripts/ never import each other (but test/scripts/, which tests the scripts' code); harness/, what both use, imports neither. */
const APART: readonly { from: string; except?: string; refused: readonly string[]; why: string }[] = [
  { from: 'harness/', refused: ['test/', 'scripts/'], why: 'harness/ is shared by test/ and scripts/: it imports neither' },
  { from: 'scripts/', refused: ['test/'], why: 'what scripts/ and test/ both need lives in harness/' },
  {
    from: 'test/',
    except: 'test/scripts/',
    refused: ['scripts/'],
    why: 'what test/ and scripts/ both need lives in harness/ (test/scripts/ tests the scripts)',
  },
];

/** One import of one file: its specifier as written, and the names it takes (empty for a namespace, a default or a dynamic import). */
interface Import {
  specifier: string;
  names: readonly string[];
}

interface FileImports {
  /** The file's path from the repository's root, with `/`. */
  file: string;
  imports: readonly Import[];
}

interface Place {
  /** The place as named (`*` filled in): `src/operations/apply/`. */
  id: string;
  /** Its layer's index in LAYERS: 0 is the top. */
  layer: number;
}

/** The place of a file of src/, or undefined when it has none. */
function placeOf(file: string): Place | undefined {
  let best: (Place & { depth: number }) | undefined;
  for (const [layer, places] of LAYERS.entries()) {
    for (const pattern of places) {
      const id = matchPlace(pattern, file);
      const depth = pattern.split('/').length;
      if (id !== undefined && (best === undefined || depth > best.depth)) best = { id, layer, depth };
    }
  }
  return best && { id: best.id, layer: best.layer };
}

/** The place `pattern` names for `file` (`*` filled in with the file's folder), or undefined when the file is not under it. */
function matchPlace(pattern: string, file: string): string | undefined {
  if (pattern.endsWith('/*.ts')) return dirname(file) === pattern.slice(0, -'/*.ts'.length) && file.endsWith('.ts') ? pattern : undefined;
  if (!pattern.endsWith('/')) return pattern === file ? pattern : undefined;
  const want = pattern.split('/').slice(0, -1);
  const have = file.split('/');
  if (have.length <= want.length) return undefined;
  for (const [index, segment] of want.entries()) {
    const actual = have[index]!;
    if (segment === '*' ? actual === 'shared' : segment !== actual) return undefined;
  }
  return `${have.slice(0, want.length).join('/')}/`;
}

/** The file a relative specifier names, from the root, as a `.ts` path; undefined for a package. */
function target(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return join(dirname(file), specifier).split('\\').join('/').replace(/\.js$/, '.ts');
}

/** What is wrong with the imports given, one line each (`file imports specifier: why`); empty when nothing is. */
function layerViolations(files: readonly FileImports[]): string[] {
  const found: string[] = [];
  for (const { file, imports } of files) {
    for (const { specifier, names } of imports) {
      const why = violation(file, specifier, names);
      if (why !== undefined) found.push(`${file} imports ${specifier}: ${why}`);
    }
  }
  for (const { file } of files) {
    if (file.startsWith('src/') && placeOf(file) === undefined)
      found.push(`${file} is in no layer: give it a place in LAYERS (test/layers.test.ts)`);
  }
  return found;
}

function violation(file: string, specifier: string, names: readonly string[]): string | undefined {
  if (specifier === '@actions/core' && file.startsWith('src/') && file !== CORE_ADAPTER) {
    return `only ${CORE_ADAPTER} talks to @actions/core: the rest of src/ goes through the RunnerPort or the context's log`;
  }
  const to = target(file, specifier);
  if (to === undefined) return undefined;
  if (!file.startsWith('src/')) return apartViolation(file, to);
  if (!to.startsWith('src/')) return 'src/ imports nothing outside src/';
  for (const rule of REFUSED_NAMES) {
    if (file.startsWith(rule.under) && to === rule.from && names.includes(rule.name)) return `no \`${rule.name}\`: ${rule.why}`;
  }
  const [from, into] = [placeOf(file), placeOf(to)];
  if (from === undefined || into === undefined || from.id === into.id) return undefined;
  if (into.layer > from.layer) return undefined;
  return into.layer === from.layer
    ? `${from.id} and ${into.id} are places of one layer, which import none of each other`
    : `${from.id} imports only from the layers below it, and ${into.id} is above it (LAYERS in test/layers.test.ts)`;
}

function apartViolation(file: string, to: string): string | undefined {
  for (const rule of APART) {
    if (!file.startsWith(rule.from) || (rule.except !== undefined && file.startsWith(rule.except))) continue;
    if (rule.refused.some((folder) => to.startsWith(folder))) return rule.why;
  }
  return undefined;
}

/** Every import of a parsed file: `import … from`, `export … from`, and `import()` with a literal specifier. */
function importsOf(source: SourceFile): Import[] {
  const found: Import[] = [];
  const visit = (node: Node): void => {
    const any = node as unknown as {
      moduleSpecifier?: { kind: SyntaxKind; text: string };
      importClause?: { namedBindings?: { elements?: { name: { text: string }; propertyName?: { text: string } }[] } };
      expression?: { kind: SyntaxKind };
      arguments?: readonly { kind: SyntaxKind; text: string }[];
    };
    if (
      (node.kind === SyntaxKind.ImportDeclaration || node.kind === SyntaxKind.ExportDeclaration) &&
      any.moduleSpecifier?.kind === SyntaxKind.StringLiteral
    ) {
      const elements = any.importClause?.namedBindings?.elements ?? [];
      found.push({ specifier: any.moduleSpecifier.text, names: elements.map((element) => (element.propertyName ?? element.name).text) });
    } else if (node.kind === SyntaxKind.CallExpression && any.expression?.kind === SyntaxKind.ImportKeyword) {
      const [first] = any.arguments ?? [];
      if (first?.kind === SyntaxKind.StringLiteral || first?.kind === SyntaxKind.NoSubstitutionTemplateLiteral) {
        found.push({ specifier: first.text, names: [] });
      }
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return found;
}

const api = new API({ cwd: process.cwd() });
afterAll(() => api.close());

/** The repository's files as tsconfig.test.json's project reads them (src/, test/, scripts/, harness/), with their imports. */
function repositoryImports(): FileImports[] {
  const program = api.updateSnapshot({ openProjects: ['tsconfig.test.json'] }).getProjects()[0]!.program;
  return program
    .getSourceFileNames()
    .map((name) => ({ name, file: relative(process.cwd(), name).split('\\').join('/') }))
    .filter(({ file }) => /^(src|test|scripts|harness)\//.test(file) && !file.endsWith('.d.ts'))
    .map(({ name, file }) => ({ file, imports: importsOf(program.getSourceFile(name)!) }));
}

const repository = repositoryImports();

/** A probe: one file importing one specifier (with the names it takes). */
const probe = (file: string, specifier: string, names: string[] = []): FileImports => ({ file, imports: [{ specifier, names }] });

describe('the layers (LAYERS, one list)', () => {
  it('reads every import of the repository (the parse found them, dynamic ones too)', () => {
    const src = repository.filter(({ file }) => file.startsWith('src/'));
    expect(src.length).toBeGreaterThan(150);
    expect(repository.some(({ file }) => file.startsWith('test/'))).toBe(true);
    const preview = repository.find(({ file }) => file === 'src/operations/preview/descriptor.ts');
    expect(preview?.imports.map(({ specifier }) => specifier)).toContain('./run-preview.js');
    const step = repository.find(({ file }) => file === 'src/step.ts');
    expect(step?.imports.length).toBeGreaterThan(10);
  });

  it('finds nothing wrong in the repository: every file of src/ has a place, every import points down', () => {
    expect(layerViolations(repository)).toEqual([]);
  });

  it('refuses an import from a layer above, at every step of the list, type-only ones included', () => {
    const upward = [
      probe('src/util/x.ts', '../operations/types.js'),
      probe('src/util/x.ts', '../readthedocs/errors.js'),
      probe('src/resilience/x.ts', '../github/api/client.js'),
      probe('src/resilience/x.ts', '../inputs/inputs.js'),
      probe('src/resilience/x.ts', '../domain/project-result.js'),
      probe('src/domain/x.ts', '../reporting/report.js'),
      probe('src/inputs/x.ts', '../operations/types.js'),
      probe('src/reporting/x.ts', '../operations/types.js'),
      probe('src/readthedocs/x.ts', '../github/api/client.js'),
      probe('src/github/api/x.ts', '../../operations/types.js'),
      probe('src/github/api/x.ts', '../sticky-comment.js'),
      probe('src/operations/types.ts', './shared/builds/trigger.js'),
      probe('src/operations/shared/versions/x.ts', '../builds/trigger.js'),
      probe('src/operations/shared/builds/x.ts', '../links/link-checker.js'),
      probe('src/operations/shared/links/x.ts', '../../apply/apply.js'),
      probe('src/operations/apply/x.ts', '../index.js'),
      probe('src/operations/index.ts', '../step.js'),
      probe('src/operations/index.ts', './unread-inputs.js'),
      probe('src/operations/run-projects.ts', './index.js'),
      probe('src/step.ts', './cli/command-line.js'),
      probe('src/cli/x.ts', '../entry/cli.js'),
      probe('src/util/x.ts', '../version.js'),
    ];
    for (const file of upward) expect(layerViolations([file]), file.imports[0]!.specifier).toHaveLength(1);
  });

  it('refuses imports between the places of one layer: operations, shelves, and the folders that share a rank', () => {
    const across = [
      probe('src/operations/apply/x.ts', '../build-version/build.js'),
      probe('src/operations/shared/project-file/x.ts', '../builds/trigger.js'),
      probe('src/operations/shared/builds/x.ts', '../project-file/file.js'),
      probe('src/readthedocs/x.ts', '../reporting/report.js'),
      probe('src/reporting/x.ts', '../readthedocs/errors.js'),
      probe('src/domain/x.ts', '../inputs/inputs.js'),
    ];
    for (const file of across) expect(layerViolations([file]), `${file.file} ${file.imports[0]!.specifier}`).toHaveLength(1);
  });

  it('lets a file import its own place and the layers below it', () => {
    const allowed = [
      probe('src/util/x.ts', './abort.js'),
      probe('src/operations/apply/x.ts', '../shared/project-file/file.js'),
      probe('src/operations/apply/x.ts', '../types.js'),
      probe('src/operations/apply/x.ts', '../../readthedocs/errors.js'),
      probe('src/operations/shared/builds/warnings/x.ts', '../watch-build.js'),
      probe('src/operations/shared/links/x.ts', '../builds/sphinx-warnings.js'),
      probe('src/operations/shared/project-file/x.ts', '../versions/version-tag.js'),
      probe('src/operations/shared/builds/x.ts', '../../types.js'),
      probe('src/reporting/x.ts', '../runner/port.js'),
      probe('src/util/x.ts', 'node:fs'),
    ];
    expect(layerViolations(allowed)).toEqual([]);
  });

  it('gives no place to a file outside the list, nor to a loose file under src/operations/shared/', () => {
    expect(layerViolations([{ file: 'src/newfolder/x.ts', imports: [] }])).toHaveLength(1);
    expect(layerViolations([{ file: 'src/operations/shared/loose.ts', imports: [] }])).toHaveLength(1);
  });

  it('refuses sleep and createOctokit in src/operations/, and @actions/core but in the runner adapter', () => {
    expect(layerViolations([probe('src/operations/apply/x.ts', '../../util/abort.js', ['sleep'])])).toHaveLength(1);
    expect(layerViolations([probe('src/operations/types.ts', '../util/abort.js', ['sleep'])])).toHaveLength(1);
    expect(layerViolations([probe('src/operations/shared/builds/x.ts', '../../../util/abort.js', ['sleep'])])).toHaveLength(1);
    expect(layerViolations([probe('src/operations/apply/x.ts', '../../util/abort.js', ['CancelledError'])])).toEqual([]);
    expect(layerViolations([probe('src/operations/apply/x.ts', '../../github/api/client.js', ['createOctokit'])])).toHaveLength(1);
    expect(layerViolations([probe('src/reporting/x.ts', '@actions/core')])).toHaveLength(1);
    expect(layerViolations([probe('src/runner/actions.ts', '@actions/core')])).toEqual([]);
    expect(layerViolations([probe('src/util/x.ts', '../../harness/run-action.ts')])).toHaveLength(1);
  });

  it('keeps test/ and scripts/ apart: neither imports the other, and harness/ imports neither', () => {
    for (const file of [
      probe('harness/x.ts', '../test/support/operation-context.ts'),
      probe('harness/x.ts', '../scripts/demo.ts'),
      probe('scripts/x.ts', '../test/support/operation-context.ts'),
      probe('test/e2e/x.ts', '../../scripts/demo/show.ts'),
    ])
      expect(layerViolations([file]), `${file.file} ${file.imports[0]!.specifier}`).toHaveLength(1);
    expect(
      layerViolations([
        probe('harness/x.ts', '../src/util/abort.js'),
        probe('scripts/x.ts', '../harness/run-action.ts'),
        probe('test/e2e/x.ts', '../../harness/demo-scenario.ts'),
        probe('test/scripts/x.ts', '../../scripts/release/plan.ts'),
      ]),
    ).toEqual([]);
  });
});
