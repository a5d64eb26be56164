/**
 * A reader of the literals the docs builders' search indexes are written in: JSON (MkDocs'
 * `search_index.json`, Sphinx's `searchindex.js` since Sphinx 7) and the JavaScript subset older
 * Sphinx wrote (keys as bare words: `{docnames:["index"],…}`). An index of a pull request's preview
 * is the pull request's own text: it is read in one pass (each character once, no backtracking),
 * nested at most {@link MAX_DEPTH} deep, and only the parts a `Pick` names are kept, within a count
 * of values; anything else is an {@link IndexFormatError}. Objects are read into `Map`s (a key
 * `__proto__` is a key like any other). Pure.
 */

/** What is kept of a value: all of it (`true`), or of an object the keys named (`'[]'`: each item of a list). */
export type Pick = true | { readonly [key: string]: Pick };

/** A value as kept: objects are maps. */
export type Literal = null | boolean | number | string | Literal[] | Map<string, Literal>;

export class IndexFormatError extends Error {
  constructor(message: string, at: number) {
    super(`${message} at character ${at}`);
    this.name = 'IndexFormatError';
  }
}

/** Nesting deeper than this is no index (Sphinx's goes 4 deep, MkDocs' 3). */
const MAX_DEPTH = 16;

/**
 * Reads the object literal at `start` of `text`, keeping what `pick` names and at most `maxValues`
 * values; returns it and where it ended.
 */
export function readObjectLiteral(
  text: string,
  start: number,
  pick: Pick,
  options: { maxValues: number },
): { value: Map<string, Literal>; end: number } {
  const reader = new Reader(text, start, options.maxValues);
  reader.space();
  if (text[reader.at] !== '{') throw new IndexFormatError('expected an object', reader.at);
  const value = reader.value(pick, 0) as Map<string, Literal>;
  return { value, end: reader.at };
}

const BARE_KEY = /[A-Za-z0-9_$]/;

class Reader {
  private values = 0;

  constructor(
    private readonly text: string,
    public at: number,
    private readonly maxValues: number,
  ) {}

  /** The value at `at`: kept (as `pick` says) or skipped (`pick` undefined, returning undefined). */
  value(pick: Pick | undefined, depth: number): Literal | undefined {
    if (depth > MAX_DEPTH) throw new IndexFormatError('nested too deep', this.at);
    if (pick !== undefined && ++this.values > this.maxValues) throw new IndexFormatError(`over ${this.maxValues} values`, this.at);
    const c = this.text[this.at];
    if (c === '{') return this.object(pick, depth);
    if (c === '[') return this.list(pick, depth);
    if (c === '"') return this.string(pick !== undefined);
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number(pick !== undefined);
    for (const [word, literal] of WORDS) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return pick === undefined ? undefined : literal;
      }
    }
    throw new IndexFormatError('expected a value', this.at);
  }

  space(): void {
    const { text } = this;
    for (let c = text[this.at]; c === ' ' || c === '\n' || c === '\r' || c === '\t'; c = text[++this.at]);
  }

  private object(pick: Pick | undefined, depth: number): Map<string, Literal> | undefined {
    const kept = pick === undefined ? undefined : new Map<string, Literal>();
    this.at += 1;
    this.space();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return kept;
    }
    for (;;) {
      this.space();
      const key = this.key();
      this.space();
      this.expect(':');
      this.space();
      const inner = pick === undefined ? undefined : pick === true ? true : Object.hasOwn(pick, key) ? pick[key] : undefined;
      const value = this.value(inner, depth + 1);
      if (kept !== undefined && value !== undefined) kept.set(key, value);
      this.space();
      if (this.text[this.at] === '}') {
        this.at += 1;
        return kept;
      }
      this.expect(',');
    }
  }

  private list(pick: Pick | undefined, depth: number): Literal[] | undefined {
    const kept: Literal[] | undefined = pick === undefined ? undefined : [];
    const inner = pick === undefined ? undefined : pick === true ? true : Object.hasOwn(pick, '[]') ? pick['[]'] : undefined;
    this.at += 1;
    this.space();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return kept;
    }
    for (;;) {
      this.space();
      const value = this.value(inner, depth + 1);
      if (kept !== undefined && value !== undefined) kept.push(value);
      this.space();
      if (this.text[this.at] === ']') {
        this.at += 1;
        return kept;
      }
      this.expect(',');
    }
  }

  /** A key: a string, or a bare word (older Sphinx's `docnames:`, `0:`). */
  private key(): string {
    if (this.text[this.at] === '"') return this.string(true)!;
    const from = this.at;
    while (this.at < this.text.length && BARE_KEY.test(this.text[this.at]!)) this.at += 1;
    if (this.at === from) throw new IndexFormatError('expected a key', this.at);
    return this.text.slice(from, this.at);
  }

  /** A string in double quotes with JSON's escapes; undefined when not kept (its escapes still stepped over). */
  private string(keep: boolean): string | undefined {
    const { text } = this;
    const parts: string[] = [];
    let run = ++this.at;
    for (;;) {
      const c = text[this.at];
      if (c === undefined) throw new IndexFormatError('unterminated string', this.at);
      if (c === '"') break;
      if (c !== '\\') {
        this.at += 1;
        continue;
      }
      if (keep) parts.push(text.slice(run, this.at));
      const escaped = text[this.at + 1];
      if (escaped === 'u') {
        const hex = text.slice(this.at + 2, this.at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new IndexFormatError('bad \\u escape', this.at);
        if (keep) parts.push(String.fromCharCode(Number.parseInt(hex, 16)));
        this.at += 6;
      } else {
        const plain = escaped === undefined ? undefined : ESCAPES[escaped];
        if (plain === undefined) throw new IndexFormatError('bad escape', this.at);
        if (keep) parts.push(plain);
        this.at += 2;
      }
      run = this.at;
    }
    const value = keep ? parts.join('') + text.slice(run, this.at) : undefined;
    this.at += 1;
    return value;
  }

  private number(keep: boolean): number | undefined {
    const from = this.at;
    const { text } = this;
    if (text[this.at] === '-') this.at += 1;
    while (isNumberPart(text[this.at])) this.at += 1;
    const number = Number(text.slice(from, this.at));
    if (this.at === from || Number.isNaN(number)) throw new IndexFormatError('bad number', from);
    return keep ? number : undefined;
  }

  private expect(c: string): void {
    if (this.text[this.at] !== c) throw new IndexFormatError(`expected '${c}'`, this.at);
    this.at += 1;
  }
}

const WORDS: readonly [string, Literal][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function isNumberPart(c: string | undefined): boolean {
  return c !== undefined && ((c >= '0' && c <= '9') || c === '.' || c === 'e' || c === 'E' || c === '+' || c === '-');
}
