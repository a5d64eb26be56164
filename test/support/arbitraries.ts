// Hostile text for property tests: any sequence of UTF-16 code units (controls, lone surrogates,
// astral pairs, the ASCII of workflow commands). fast-check's `unit: 'binary'` says much the same
// but builds its tables on first use, a second of CPU in every test worker.
import fc from 'fast-check';

export function anyText(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  const unit = fc.oneof(
    // Mostly ASCII, where the syntax that matters lives (`::`, `|`, `<`, `]`, line breaks)...
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 0x7f }) },
    // ...and any code unit at all, lone surrogates included.
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
  );
  return fc.array(unit, constraints).map((units) => String.fromCharCode(...units));
}
