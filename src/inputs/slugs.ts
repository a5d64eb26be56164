/** Project slugs as the service makes them: lowercase letters, digits, `-` and `_`. */
export const PROJECT_SLUG = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Characters the service turns into `-` before slugifying (`release/1.0` → `release-1.0`). */
const DASHED = /[/%!?]/g;
/** Punctuation a version slug keeps besides ASCII letters and digits. */
const SLUG_PUNCTUATION = '-._';
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACE_SEPARATOR = /\p{Z}/u;
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Letters whose ASCII spelling the service's transliteration (Unidecode) gives, for the Latin
 * letters that Unicode decomposition does not reduce to ASCII. `ə` becomes `@` there, then dropped.
 */
// biome-ignore format: a table, several pairs a line
const LATIN_TRANSLITERATION: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ð: 'd', Ð: 'D', ł: 'l', Ł: 'L',
  œ: 'oe', Œ: 'OE', þ: 'th', Þ: 'TH', ı: 'i', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T', ŋ: 'ng', Ŋ: 'NG',
  ĸ: 'k', ƒ: 'f', Ƒ: 'F', ə: '', Ə: '', ǝ: '',
};

/**
 * Turns a ref name such as `v2.0` or `Release/1.X` into the version slug the service gives it,
 * following readthedocs.org's `generate_version_slug`: `/ % ! ?` become `-`; letters, digits and
 * `- . _` are kept, spaces become `-` and every other character is dropped (`v1.0+rc` →
 * `v1.0rc`); accented letters lose their accents; runs of `-` and spaces become one `-`; the
 * slug is lowercase and starts with a letter or digit (the end is left as it is).
 *
 * Returns `''` when nothing is left (the service would call it `unknown`), and `undefined` when
 * the name holds letters whose transliteration is not known here (non-Latin scripts): the
 * caller should ask for the slug itself. The service adds `_a`, `_b`... when two names give the
 * same slug in a project; that cannot be told from the name.
 */
export function versionSlug(name: string): string | undefined {
  const kept = keepSlugCharacters(name.replace(DASHED, '-').normalize('NFKC'));
  let ascii = '';
  for (const char of kept) {
    const spelled = char.charCodeAt(0) < 0x80 ? char : transliterate(char);
    if (spelled === undefined) return undefined;
    ascii += spelled;
  }
  return keepSlugCharacters(ascii)
    .replace(/[-\s]+/g, '-')
    .toLowerCase()
    .replace(/^[-._]+/, '');
}

/** Letters, digits and `- . _` stay, separators become spaces, the rest goes; ends trimmed. */
function keepSlugCharacters(text: string): string {
  let kept = '';
  for (const char of text) {
    if (LETTER_OR_DIGIT.test(char) || SLUG_PUNCTUATION.includes(char)) kept += char;
    else if (SPACE_SEPARATOR.test(char)) kept += ' ';
  }
  return kept.trim();
}

/** The ASCII spelling of one non-ASCII letter or digit, or undefined when not known here. */
function transliterate(char: string): string | undefined {
  const known = LATIN_TRANSLITERATION[char];
  if (known !== undefined) return known;
  const base = char.normalize('NFKD').replace(COMBINING_MARKS, '');
  return /^[A-Za-z0-9]+$/.test(base) ? base : undefined;
}

/** Splits `a, b` or one-per-line text into its non-empty items. */
export function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
