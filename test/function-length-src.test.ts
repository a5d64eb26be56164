// No function in src/ outside src/operations/ longer than 80 lines (issue 31.2): a function that
// long does several jobs. src/operations/ has its own check (test/function-length.test.ts); this
// one measures the same way: the compiler's own parse of the project (TypeScript 7's API,
// `typescript/unstable/*`), so an arrow function given to a call, a method and a getter count like a
// declared function. A function runs from its first line (its JSDoc excluded) to its last, blank
// lines and comments inside included; a nested function counts in its parent too.
import { relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API } from 'typescript/unstable/sync';
import { isFunctionLikeDeclaration, type Node, type SourceFile } from 'typescript/unstable/ast';

/** The longest a function may be. */
const MAX_LINES = 80;
/** Measured by test/function-length.test.ts. */
const ELSEWHERE = 'src/operations/';

const api = new API({ cwd: process.cwd() });
afterAll(() => api.close());

function sourceFiles(): SourceFile[] {
  const snapshot = api.updateSnapshot({ openProjects: ['tsconfig.json'] });
  const program = snapshot.getProjects()[0]!.program;
  return program
    .getSourceFileNames()
    .filter((name) => {
      const path = relative(process.cwd(), name);
      return path.startsWith('src/') && !path.startsWith(ELSEWHERE) && !name.endsWith('.d.ts');
    })
    .map((name) => program.getSourceFile(name)!);
}

/** Every function of `file` with a body: where it starts and how many lines it spans. */
function measure(file: SourceFile): { where: string; lines: number }[] {
  const found: { where: string; lines: number }[] = [];
  const path = relative(process.cwd(), file.fileName);
  const visit = (node: Node): void => {
    if (isFunctionLikeDeclaration(node) && (node as { body?: Node }).body !== undefined) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ where: `${path}:${first + 1}`, lines: last - first + 1 });
    }
    node.forEachChild(visit);
  };
  file.forEachChild(visit);
  return found;
}

const measured = sourceFiles().flatMap(measure);

describe('function length outside src/operations/', () => {
  it('measures the functions of src/ outside src/operations/ (the parse found them)', () => {
    expect(measured.length).toBeGreaterThan(200);
    expect(measured.some((fn) => fn.where.startsWith('src/main.ts:'))).toBe(true);
    expect(measured.some((fn) => fn.where.startsWith(ELSEWHERE))).toBe(false);
  });

  it(`no function is longer than ${MAX_LINES} lines`, () => {
    expect(measured.filter((fn) => fn.lines > MAX_LINES).map((fn) => `${fn.where} (${fn.lines} lines)`)).toEqual([]);
  });
});
