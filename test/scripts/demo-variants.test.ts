// `npm run demo [-- <variant>]`: which demo an argument picks, and the refusal of one that names
// none (printed by scripts/demo.ts, which then exits 2 before it starts anything).
import { describe, expect, it } from 'vitest';
import { demoVariant } from '../../scripts/demo/variants.ts';

describe('demoVariant', () => {
  it('picks the success demo by default, and each variant by its name', () => {
    expect(demoVariant(undefined)).toBe('success');
    expect(demoVariant('')).toBe('success');
    for (const name of ['success', 'failure', 'preview', 'apply'] as const) expect(demoVariant(name)).toBe(name);
  });

  it('refuses an unknown variant, naming every command there is', () => {
    expect(demoVariant('nonsense')).toEqual({
      refused:
        'Unknown demo "nonsense": use `npm run demo`, `npm run demo -- failure`, `npm run demo -- preview` or `npm run demo -- apply`.',
    });
    // A name of Object.prototype is no variant either.
    expect(demoVariant('constructor')).toHaveProperty('refused');
  });
});
