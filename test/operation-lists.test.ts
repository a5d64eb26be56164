// The docs' hand-typed lists of operations are the registry's (issue 51): docs/cli.md's list of
// operations, and docs/troubleshooting.md's operations that refuse to start without a token
// (`needsToken`), each in the registry's order. A new operation, or one that stops needing a
// token, turns this red until the sentence says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../harness/action-metadata.ts';
import { OPERATION_DESCRIPTORS } from '../src/operations/index.js';

/** The code spans of the one line of `file` (under docs/) that holds `marker`, after the marker. */
function listAfter(file: string, marker: string): string[] {
  const lines = readFileSync(join(ROOT, 'docs', file), 'utf8')
    .split('\n')
    .filter((line) => line.includes(marker));
  expect(lines, `docs/${file} has one line with "${marker}"`).toHaveLength(1);
  const rest = lines[0]!.slice(lines[0]!.indexOf(marker) + marker.length);
  // The list ends with its sentence's clause: at the first `;` or `.` outside a code span.
  const clause = rest.split(/[;.](?=(?:[^`]*`[^`]*`)*[^`]*$)/)[0]!;
  return [...clause.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

const operations = Object.keys(OPERATION_DESCRIPTORS);

describe("the docs' lists of operations", () => {
  it('docs/cli.md lists every operation, in the registry’s order', () => {
    expect(listAfter('cli.md', 'The operation is one of ')).toEqual(operations);
  });

  it('docs/troubleshooting.md’s *Invalid input* names the operations that need a token, in the registry’s order', () => {
    const needing = operations.filter((name) => OPERATION_DESCRIPTORS[name as keyof typeof OPERATION_DESCRIPTORS].needsToken);
    expect(needing.length).toBeGreaterThan(0);
    expect(listAfter('troubleshooting.md', 'a missing `token` for ')).toEqual(needing);
  });
});
