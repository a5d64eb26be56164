import { posix } from 'node:path';
import { z } from 'zod/mini';
import { parseDuration } from './duration.js';

// The parsers of the inputs (each input's schema is declared with it, in declarations.ts): every
// refusal says what the input accepts.

export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A parser that refuses with a message saying what the input accepts. */
export function parser<T>(parse: (text: string, refuse: (message: string) => never) => T) {
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      try {
        return parse(text, (message) => {
          throw new Refusal(message);
        });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        ctx.issues.push({ code: 'custom', message: error.message, input: text });
        return z.NEVER;
      }
    }),
  );
}

class Refusal extends Error {}

/**
 * A choice as every rule reads it: trimmed and lowercased (`operation: Build` is `build`), then one
 * of `values`, else undefined. `oneOf` parses with it, and the rules that read a choice before the
 * inputs are parsed (the unread-input rule, the command line's operation) call it too: no rule sees
 * a spelling another reads otherwise.
 */
export function choiceOf<const T extends readonly string[]>(values: T, text: string): T[number] | undefined {
  const value = text.trim().toLowerCase();
  return values.includes(value) ? value : undefined;
}

export function oneOf<const T extends readonly string[]>(values: T) {
  return parser((text, refuse): T[number] => {
    const value = choiceOf(values, text);
    if (value === undefined) return refuse(`accepts ${values.map((v) => `\`${v}\``).join(', ')}; got \`${text}\``);
    return value;
  });
}

export const booleanInput = parser((text, refuse) => {
  const value = text.trim().toLowerCase();
  if (value !== 'true' && value !== 'false') return refuse(`accepts \`true\` or \`false\`; got \`${text}\``);
  return value === 'true';
});

export const optionalBoolean = parser((text, refuse) => {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  if (value !== 'true' && value !== 'false') return refuse(`accepts \`true\`, \`false\`, or nothing; got \`${text}\``);
  return value === 'true';
});

export const UNEXPANDED_GITHUB_TOKEN = /^\s*\$\{\{\s*github\.token\s*\}\}\s*$/;

// C0 (tab and line breaks included), DEL, C1 and the Unicode line and paragraph separators.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A path input (a file or folder of the repository): trimmed, and refused when it holds a control
 * character. A path is printed in the log (`Wrote <config>`), where a line break would start a line
 * the runner reads as a command; and no path of a repository needs one. The refusal does not
 * print the path. `parse` checks the path as given; what it returns is in its one normal form
 * ({@link repoPath}), the form every rule compares.
 */
export function pathInput<T extends string | undefined>(parse: (path: string, refuse: (message: string) => never) => T) {
  return parser((text, refuse): T => {
    const path = text.trim();
    if (CONTROL_CHARACTER.test(path)) {
      return refuse('holds a control character (a line break, a tab…): give a path on one line, of printable characters');
    }
    const parsed = parse(path, refuse);
    return (parsed === undefined ? parsed : repoPath(parsed)) as T;
  });
}

/**
 * A repository path in its one normal form (`posix.normalize`, no trailing `/`):
 * `./.github/readthedocs-project.yml` and `.github//readthedocs-project.yml` are the default
 * `.github/readthedocs-project.yml`, `./docs/` is `docs`. Empty stays empty.
 */
function repoPath(path: string): string {
  if (path === '') return path;
  const normal = posix.normalize(path);
  return normal.length > 1 && normal.endsWith('/') ? normal.slice(0, -1) : normal;
}
export const optionalText = parser((text) => (text.trim() === '' ? undefined : text.trim()));

export const durationInput = parser((text, refuse) => {
  const ms = parseDuration(text);
  if (ms === undefined || ms <= 0) return refuse(`\`${text}\` is not a duration: use seconds (\`600\`) or \`90s\`, \`15m\`, \`1h\``);
  return ms;
});
