/**
 * Parsing and validation of the `variables` and `public-variables` inputs.
 *
 * Format, one variable per line:
 * - `NAME=value`: the value is everything after the first `=`, kept verbatim (spaces and further `=`
 *   included); it may be empty as far as the syntax goes (validation then refuses it, see below).
 * - `NAME<<DELIMITER`, then the value's lines, then a line that is exactly `DELIMITER` (the runner's
 *   heredoc form); the value is those lines joined with `\n`.
 * - Only a trailing `\r` is removed from each line, so CRLF text reads like LF text. Lines that are
 *   empty or whitespace-only are skipped outside a heredoc and kept inside one.
 * - There are no comments: a line starting with `#` is refused rather than skipped. A value may begin
 *   with `#`, and silently dropping `# FOO=bar` would leave the user believing FOO is managed.
 *
 * Not Node's `util.parseEnv` (dotenv): it trims values, drops quotes and ` #…` (`COLOR=#fff` becomes
 * empty), skips `#` lines and lines without `=` silently, keeps the last of a repeated name, knows no
 * heredoc and gives no line numbers; this format keeps values as written and refuses what it cannot read.
 *
 * Validation applies the dashboard's rules, which the API does not enforce, plus what the service
 * itself does with a value (read from readthedocs.org): the serializer strips surrounding whitespace
 * and refuses a blank value, and the model stores the value quoted for the shell (Python's
 * `shlex.quote`), in a column of 48,000 characters; the project-wide 256,000 limit sums those stored
 * forms. Sizes here are therefore measured the way the service stores them.
 *
 * Error messages go to the job log: they carry the input's name, the line number and the rule, never
 * any text of the line. A name may be a stray line of a secret pasted without the heredoc form (the
 * second line of `KEYS=${{ secrets.X }}`), and the runner masks a secret's lines only whole: a
 * name echoed without its last `=` would show 43 of a key's 44 characters. As a last guard every
 * message is masked against the text it came from, the way the runner masks secrets.
 */

export type VariablesInput = 'variables' | 'public-variables';

export interface DesiredVariable {
  name: string;
  value: string;
  public: boolean;
  input: VariablesInput;
  line: number;
}

export class VariablesInputError extends Error {
  override name = 'VariablesInputError';

  constructor(message: string) {
    super(message);
  }
}

export const NAME_MAX_LENGTH = 128;
export const VALUE_MAX_LENGTH = 48_000;
export const TOTAL_MAX_LENGTH = 256_000;

const VALID_NAME = /^[A-Za-z0-9_]+$/;
// An invalid name that looks like a typo of a name (`bad name`, `my-var`) gets no hint about values
// of several lines; any other may be a stray line of a secret pasted without the heredoc form.
const TYPO_LIKE_NAME = /^[A-Za-z0-9_ .-]{1,23}$/;
// Characters Python's str.strip() removes (str.isspace), which is what the service applies.
const PYTHON_WHITESPACE = /[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
// Characters shlex.quote leaves unquoted (`\w` is ASCII-only there).
const SHELL_SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
// A name this long made of the base64 alphabet, with both cases and a digit and no `_`, is a line of
// encoded data (a key, a certificate) rather than a name someone chose.
const ENCODED_LOOKING_NAME = /^(?=[^_]*$)(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])[A-Za-z0-9+/]{24,}$/;
const SEVERAL_LINES_HINT =
  'a value of several lines (a key, a certificate) given as NAME=value leaves its further lines here as lines of their own: ' +
  'write NAME<<EOF, then the value, then a line EOF';
// Shorter fragments would mask ordinary words and digits of every message.
const SHORTEST_MASKED_FRAGMENT = 4;

/**
 * Parses one input. The result is also validated on its own (names, sizes, duplicates within this
 * input); call {@link validateVariables} on both inputs together for the rules that span them.
 */
export function parseVariables(text: string, input: VariablesInput): DesiredVariable[] {
  const fragments = sensitiveFragments(text);
  const lines = text.split('\n').map(withoutCarriageReturn);
  const variables: DesiredVariable[] = [];
  const isPublic = input === 'public-variables';
  const problemAt = (line: number, detail: string) => new VariablesInputError(mask(at(input, line), detail, fragments));

  for (let index = 0; index < lines.length; index++) {
    const content = lines[index] ?? '';
    const line = index + 1;
    if (content.trim() === '') continue;
    if (content.startsWith('#')) {
      throw problemAt(line, 'the line starts with `#`, but comments are not supported here: remove the line');
    }
    if (/^[=\s]+$/.test(content)) {
      throw problemAt(line, `the line is only \`=\` (base64 padding): it looks like the end of a value; ${SEVERAL_LINES_HINT}`);
    }
    const equals = content.indexOf('=');
    const heredoc = content.indexOf('<<');
    if (heredoc >= 0 && (equals < 0 || heredoc < equals)) {
      const name = content.slice(0, heredoc);
      const delimiter = content.slice(heredoc + 2);
      if (name === '') throw problemAt(line, 'there is no name before `<<`');
      if (delimiter === '') throw problemAt(line, 'there is no delimiter after `<<`: write NAME<<DELIMITER');
      const closing = lines.indexOf(delimiter, index + 1);
      if (closing < 0) {
        throw problemAt(line, 'the value started here is never closed: add a line that is exactly its delimiter (what follows `<<`)');
      }
      variables.push({ name, value: lines.slice(index + 1, closing).join('\n'), public: isPublic, input, line });
      index = closing;
    } else if (equals >= 0) {
      if (equals === 0) throw problemAt(line, 'there is no name before `=`');
      if (/^=+$/.test(content.slice(equals + 1).trimEnd())) {
        throw problemAt(line, `the value is only \`=\` (base64 padding): the line looks like the end of a value; ${SEVERAL_LINES_HINT}`);
      }
      variables.push({ name: content.slice(0, equals), value: content.slice(equals + 1), public: isPublic, input, line });
    } else {
      throw problemAt(line, `the line has no \`=\`: write NAME=value; ${SEVERAL_LINES_HINT}`);
    }
  }

  checkRules(variables, fragments);
  return variables;
}

/**
 * Checks every rule over all variables of both inputs, in order: names, values, each name once,
 * and the total size. Throws a {@link VariablesInputError} for the first problem found.
 */
export function validateVariables(all: DesiredVariable[]): void {
  checkRules(
    all,
    all.flatMap((variable) => sensitiveFragments(variable.value)),
  );
}

/** How many characters the service stores for this value: stripped, then shell-quoted. */
export function storedLength(value: string): number {
  const stripped = stripLikePython(value);
  if (stripped === '') return 2;
  if (SHELL_SAFE.test(stripped)) return countCharacters(stripped);
  let length = 2;
  // shlex.quote turns each `'` into `'"'"'`.
  for (const character of stripped) length += character === "'" ? 5 : 1;
  return length;
}

function checkRules(variables: DesiredVariable[], fragments: string[]): void {
  const firstByName = new Map<string, DesiredVariable>();
  let total = 0;
  for (const variable of variables) {
    const problem = nameProblem(variable.name) ?? valueProblem(variable) ?? duplicateProblem(firstByName.get(variable.name));
    if (problem === undefined) {
      total += storedLength(variable.value);
      if (total > TOTAL_MAX_LENGTH) {
        throw new VariablesInputError(
          mask(
            at(variable.input, variable.line),
            `with this line's value the values together take ${groupDigits(total)} characters as ` +
              `Read the Docs stores them; the limit for a project is ${groupDigits(TOTAL_MAX_LENGTH)}`,
            fragments,
          ),
        );
      }
      firstByName.set(variable.name, variable);
      continue;
    }
    throw new VariablesInputError(mask(at(variable.input, variable.line), problem, fragments));
  }
}

function nameProblem(name: string): string | undefined {
  const length = countCharacters(name);
  if (length === 0) return 'the name is empty';
  if (length > NAME_MAX_LENGTH) {
    return `the name is ${groupDigits(length)} characters long; the limit is ${NAME_MAX_LENGTH}`;
  }
  if (ENCODED_LOOKING_NAME.test(name)) return `the name looks like a line of encoded data, not a name: ${SEVERAL_LINES_HINT}`;
  if (!VALID_NAME.test(name)) {
    const advice = 'the name is not valid: use letters, digits and underscores only';
    if (!TYPO_LIKE_NAME.test(name)) return `${advice}; or ${SEVERAL_LINES_HINT}`;
    return name.trim() !== name ? `${advice} (remove the spaces around it)` : advice;
  }
  if (name.startsWith('__')) return 'the name is not allowed: a name must not start with `__`';
  // The service compares case-sensitively: `readthedocs_x` is an ordinary name there.
  if (name.startsWith('READTHEDOCS')) return 'the name is reserved: a name must not start with `READTHEDOCS`';
  return undefined;
}

function valueProblem(variable: DesiredVariable): string | undefined {
  if (stripLikePython(variable.value) === '') {
    // `API_KEY=${{ secrets.API_KEY }}` gives `API_KEY=` when the secret is missing to this run.
    return (
      'the value is empty or only whitespace, which Read the Docs refuses. Most likely the secret it ' +
      'comes from is not set, or not given to this run (a pull request from a fork gets no secrets, a Dependabot run only ' +
      "Dependabot's): set it, or leave the variable out (pruning deletes it)"
    );
  }
  const stored = storedLength(variable.value);
  if (stored > VALUE_MAX_LENGTH) {
    return (
      `the value takes ${groupDigits(stored)} characters as Read the Docs stores it ` +
      `(quoted for the shell); the limit is ${groupDigits(VALUE_MAX_LENGTH)}`
    );
  }
  return undefined;
}

function duplicateProblem(first: DesiredVariable | undefined): string | undefined {
  if (first === undefined) return undefined;
  return `the name is already set at input \`${first.input}\`, line ${first.line}: set each name once`;
}

function at(input: VariablesInput, line: number): string {
  return `Input \`${input}\`, line ${line}: `;
}

/** Pieces of the text that could be (part of) a value: each line, what follows its `=`, stripped forms. */
function sensitiveFragments(text: string): string[] {
  const fragments = [text];
  for (const line of text.split('\n').map(withoutCarriageReturn)) {
    fragments.push(line);
    const equals = line.indexOf('=');
    if (equals >= 0) fragments.push(line.slice(equals + 1));
  }
  return fragments.flatMap((fragment) => [fragment, stripLikePython(fragment)]);
}

/** Replaces every fragment found anywhere in the message, location included, with `***`. */
function mask(prefix: string, detail: string, fragments: string[]): string {
  const maskable = [...new Set(fragments)]
    .filter((fragment) => fragment.length >= SHORTEST_MASKED_FRAGMENT && fragment.trim() !== '')
    .sort((a, b) => b.length - a.length);
  let message = prefix + detail;
  // Each replacement shortens the message (at least 4 characters become 3), so this ends.
  for (let changed = true; changed; ) {
    changed = false;
    for (const fragment of maskable) {
      if (message.includes(fragment)) {
        message = message.split(fragment).join('***');
        changed = true;
      }
    }
  }
  return message;
}

// A loop rather than an anchored regex, which backtracks quadratically on long runs of spaces.
function stripLikePython(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PYTHON_WHITESPACE.test(text[start] ?? '')) start++;
  while (end > start && PYTHON_WHITESPACE.test(text[end - 1] ?? '')) end--;
  return text.slice(start, end);
}

function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Counts code points, as Python's len() and the database do. */
function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
