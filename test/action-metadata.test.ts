// action.yml against the rules GitHub applies to action metadata (and the Marketplace to listings),
// plus YAML validity of its scalars: the small reader in support/action-metadata.ts is lenient, the
// runner's YAML parser is not.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT_NAMES } from '../src/reporting/report.js';
import { ROOT, readActionMetadata } from '../harness/action-metadata.ts';

const meta = readActionMetadata();
const rawLines = readFileSync(`${ROOT}action.yml`, 'utf8').split('\n');

const ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const TOP_LEVEL_KEYS = new Set(['name', 'author', 'description', 'inputs', 'outputs', 'runs', 'branding']);
const BRANDING_COLOURS = ['white', 'black', 'yellow', 'blue', 'green', 'orange', 'red', 'purple', 'gray-dark'];
// A few of the Feather icons the Marketplace accepts (its list has about 280).
const BRANDING_ICONS = ['book-open', 'book', 'check-circle', 'eye', 'file-text', 'layers', 'upload-cloud', 'zap'];
// YAML 1.1/1.2 plain scalars that are not strings.
const NON_STRING =
  /^(true|false|yes|no|on|off|y|n|null|~|[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|\.inf|\.nan)$/i;

/** Key/value lines of action.yml with the value as written (quotes included). */
function scalarLines(): { line: number; indent: number; key: string; raw: string }[] {
  return rawLines.flatMap((text, index) => {
    const match = /^(\s*)([A-Za-z0-9_-]+):[ ]*(.*)$/.exec(text);
    if (!match || text.trim().startsWith('#')) return [];
    return [{ line: index + 1, indent: match[1]!.length, key: match[2]!, raw: match[3]! }];
  });
}

/** Why a value as written is not a valid single-line YAML scalar, or undefined when it is. */
function scalarProblem(raw: string): string | undefined {
  if (raw === '') return undefined;
  if (raw.startsWith("'")) return /^'(?:[^']|'')*'$/.test(raw) ? undefined : 'single-quoted string not closed (write a quote as two)';
  if (raw.startsWith('"')) return /^"(?:[^"\\]|\\.)*"$/.test(raw) ? undefined : 'double-quoted string not closed';
  if (/^[-?:,[\]{}#&*!|>%@`]/.test(raw)) return `a plain value cannot start with \`${raw[0]}\`: quote it`;
  if (raw.includes(': ')) return 'a plain value cannot contain ": " (YAML reads a mapping): quote it';
  if (raw.includes(' #')) return 'a plain value cannot contain " #" (YAML starts a comment): quote it';
  if (raw.endsWith(':')) return 'a plain value cannot end with ":": quote it';
  return undefined;
}

describe('action.yml', () => {
  it('has the required keys and nothing GitHub does not know', () => {
    const topKeys = rawLines.filter((line) => /^[A-Za-z]/.test(line)).map((line) => line.split(':')[0]!);
    for (const key of topKeys) expect(TOP_LEVEL_KEYS.has(key), `unknown top-level key ${key}`).toBe(true);
    expect(meta.top.name).toBeTruthy();
    expect(meta.top.description).toBeTruthy();
    expect(topKeys).toContain('runs');
    expect(new Set(topKeys).size).toBe(topKeys.length);
  });

  it('has a description the Marketplace shows whole (at most 125 characters)', () => {
    expect(meta.top.description!.length).toBeLessThanOrEqual(125);
  });

  it('has Marketplace branding with an accepted icon and colour', () => {
    expect(BRANDING_ICONS).toContain(meta.branding.icon);
    expect(BRANDING_COLOURS).toContain(meta.branding.color);
  });

  it('runs a bundled file that exists on node24, as an ES module', () => {
    expect(meta.runs.using).toBe('node24');
    expect(meta.runs.main).toBeTruthy();
    expect(existsSync(`${ROOT}${meta.runs.main}`), `${meta.runs.main} is missing: npm run build`).toBe(true);
    // ncc writes ESM: without this marker next to it, the runner's node would read it as CommonJS.
    expect(JSON.parse(readFileSync(`${ROOT}dist/package.json`, 'utf8'))).toEqual({ type: 'module' });
    for (const hook of ['pre', 'post']) if (meta.runs[hook]) expect(existsSync(`${ROOT}${meta.runs[hook]}`)).toBe(true);
  });

  it('declares inputs with valid ids, a description, and a string default unless required', () => {
    expect(Object.keys(meta.inputs).length).toBeGreaterThan(0);
    for (const [name, input] of Object.entries(meta.inputs)) {
      expect(name, name).toMatch(ID);
      expect(input.description?.trim(), `input ${name} has no description`).toBeTruthy();
      expect(['true', 'false', undefined], `input ${name}: required must be true or false`).toContain(input.required);
      if (input.required !== 'true') expect(input.default, `input ${name} is optional but has no default`).toBeDefined();
      for (const key of Object.keys(input))
        expect(['description', 'required', 'default', 'deprecationMessage'], `input ${name}: ${key}`).toContain(key);
    }
  });

  it('writes every default as a string (quoted when YAML would read a boolean, a number or null)', () => {
    const defaults = scalarLines().filter((entry) => entry.key === 'default' && entry.indent === 4);
    expect(defaults.length).toBeGreaterThan(0);
    for (const { line, raw } of defaults) {
      expect(raw === '' || !NON_STRING.test(raw), `action.yml:${line}: default ${raw} is not a string in YAML: quote it`).toBe(true);
    }
  });

  it('has only scalars a YAML parser reads as intended', () => {
    const problems = scalarLines()
      .map(({ line, raw }) => [line, scalarProblem(raw)] as const)
      .filter(([, problem]) => problem !== undefined)
      .map(([line, problem]) => `action.yml:${line}: ${problem}`);
    expect(problems).toEqual([]);
  });

  it('catches the YAML mistakes it is meant to catch', () => {
    expect(scalarProblem('Version slug. Default: the project default')).toMatch(/": "/);
    expect(scalarProblem('`auto` polls')).toMatch(/cannot start/);
    expect(scalarProblem("'it''s fine'")).toBeUndefined();
    expect(scalarProblem("'not closed")).toMatch(/not closed/);
    expect(scalarProblem('${{ github.token }}')).toBeUndefined();
    expect(NON_STRING.test('true')).toBe(true);
    expect(NON_STRING.test('60/1m')).toBe(false);
  });

  it('declares no id twice within inputs or outputs', () => {
    for (const section of ['inputs', 'outputs']) {
      const start = rawLines.indexOf(`${section}:`);
      const ids: string[] = [];
      for (const line of rawLines.slice(start + 1)) {
        if (/^\S/.test(line)) break;
        const id = /^ {2}([^\s:]+):/.exec(line)?.[1];
        if (id) ids.push(id);
      }
      expect(ids.length).toBe(new Set(ids).size);
    }
  });

  it('declares outputs with valid ids and descriptions: exactly the ones the action sets', () => {
    for (const [name, output] of Object.entries(meta.outputs)) {
      expect(name).toMatch(ID);
      expect(output.description?.trim(), `output ${name} has no description`).toBeTruthy();
    }
    expect(Object.keys(meta.outputs).sort()).toEqual([...OUTPUT_NAMES].sort());
  });
});
