// No function in src/ longer than 80 lines (issue 31): a function that long does several jobs.
// Measured with the compiler's own parse of the project (TypeScript 7's API, `typescript/unstable/*`),
// so an arrow function given to a call, a method and a getter count like a declared function. A
// function's length runs from its first line (its JSDoc excluded) to its last, blank lines and
// comments inside included; a nested function counts in its parent too.
import { relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from 'typescript/unstable/sync';
import { isFunctionLikeDeclaration, SyntaxKind, type Node, type SourceFile } from 'typescript/unstable/ast';

/** The longest a function may be. */
const MAX_LINES = 80;

interface Measured {
  /** `src/…/file.ts:line name` */
  where: string;
  file: string;
  lines: number;
}

const api = new API({ cwd: process.cwd() });
afterAll(() => api.close());

function sourceFiles(): SourceFile[] {
  const snapshot = api.updateSnapshot({ openProjects: ['tsconfig.json'] });
  const program = snapshot.getProjects()[0]!.program;
  return program
    .getSourceFileNames()
    .filter((name) => relative(process.cwd(), name).startsWith('src/') && !name.endsWith('.d.ts'))
    .map((name) => program.getSourceFile(name)!);
}

/** What a function is called where it is defined: its own name, the variable or property it is given to, or its parent's name. */
function nameOf(node: Node, file: SourceFile): string {
  const named = (node as { name?: Node }).name;
  if (named !== undefined) return named.getText(file);
  if (node.kind === SyntaxKind.Constructor) return 'constructor';
  const holder = node.parent as Node & { name?: Node };
  if (
    (holder.kind === SyntaxKind.VariableDeclaration ||
      holder.kind === SyntaxKind.PropertyAssignment ||
      holder.kind === SyntaxKind.PropertyDeclaration) &&
    holder.name !== undefined
  ) {
    return holder.name.getText(file);
  }
  return '(anonymous)';
}

function measure(file: SourceFile): Measured[] {
  const found: Measured[] = [];
  const path = relative(process.cwd(), file.fileName);
  const visit = (node: Node): void => {
    if (isFunctionLikeDeclaration(node) && (node as { body?: Node }).body !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ where: `${path}:${first + 1} ${nameOf(node, file)}`, file: path, lines: last - first + 1 });
    }
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return found;
}

const measured = sourceFiles().flatMap(measure);
const tooLong = measured.filter((fn) => fn.lines > MAX_LINES).map((fn) => `${fn.where} (${fn.lines} lines)`);

describe('function length', () => {
  it('measures every function of src/ (the parse found them)', () => {
    expect(measured.length).toBeGreaterThan(500);
    expect(measured.some((fn) => fn.where.includes('src/operations/run-projects.ts') && fn.where.endsWith(' forEachProject'))).toBe(true);
  });

  it(`no function in src/ is longer than ${MAX_LINES} lines`, () => {
    expect(tooLong).toEqual([]);
  });
});
