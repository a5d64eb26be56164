// "Did you mean" (src/util/near-miss.ts): the known name a mistyped one stands for, or none.
import { describe, expect, it } from 'vitest';
import { didYouMean, nearMiss } from '../src/util/near-miss.ts';

const INPUTS = ['link-check', 'link-check-anchors', 'link-check-external', 'dry-run', 'project', 'timeout', 'version'];
const SETTINGS = ['name', 'language', 'programming_language', 'homepage', 'tags', 'default_version', 'default_branch'];

describe('nearMiss', () => {
  it('takes case and separators as one spelling', () => {
    expect(nearMiss('link_check', INPUTS)).toBe('link-check');
    expect(nearMiss('LINK-CHECK-ANCHORS', INPUTS)).toBe('link-check-anchors');
    expect(nearMiss('dryRun', INPUTS)).toBe('dry-run');
    expect(nearMiss('default-branch', SETTINGS)).toBe('default_branch');
  });

  it('takes a swap, a missing, an extra or a wrong letter; two of them in a long name', () => {
    expect(nearMiss('langauge', SETTINGS)).toBe('language');
    expect(nearMiss('projet', INPUTS)).toBe('project');
    expect(nearMiss('timeouts', INPUTS)).toBe('timeout');
    expect(nearMiss('homepges', SETTINGS)).toBe('homepage');
    expect(nearMiss('progamming_langauge', SETTINGS)).toBe('programming_language');
  });

  it('says nothing when no name is near, when two are as near, or for the name itself', () => {
    expect(nearMiss('frobnicate', INPUTS)).toBeUndefined();
    expect(nearMiss('tag', ['tags', 'tab'])).toBeUndefined();
    expect(nearMiss('project', INPUTS)).toBeUndefined();
    expect(nearMiss('', INPUTS)).toBeUndefined();
  });

  it('compares no long name, so a hostile key costs nothing', () => {
    expect(nearMiss(`language${'x'.repeat(1_000_000)}`, SETTINGS)).toBeUndefined();
    expect(nearMiss('languag', [...SETTINGS, 'l'.repeat(100)])).toBe('language');
  });

  it('words it for a message', () => {
    expect(didYouMean('langauge', SETTINGS)).toBe(' (did you mean `language`?)');
    expect(didYouMean('--link_check', ['--link-check'], (name) => `"${name}"`)).toBe(' (did you mean "--link-check"?)');
    expect(didYouMean('frobnicate', INPUTS)).toBe('');
  });
});
