// The issue forms (.github/ISSUE_TEMPLATE/) against GitHub's form schema, as far as a mistake would
// keep GitHub from offering the form: the top-level keys, each element's type and attributes, ids
// unique and well formed; and config.yml's contact links.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPERATIONS } from '../src/inputs/inputs.js';
import { ROOT } from '../harness/action-metadata.ts';

const FOLDER = join(ROOT, '.github', 'ISSUE_TEMPLATE');
const read = (file: string) => parse(readFileSync(join(FOLDER, file), 'utf8')) as Record<string, unknown>;

interface Element {
  type: string;
  id?: string;
  attributes?: { label?: string; value?: string; options?: unknown[]; render?: string };
  validations?: { required?: boolean };
}

/** What GitHub refuses in a form, as messages (empty: the form is fine). */
function formProblems(form: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of ['name', 'description']) if (typeof form[key] !== 'string' || form[key] === '') problems.push(`no ${key}`);
  const body = form.body as Element[] | undefined;
  if (!Array.isArray(body) || body.length === 0) return [...problems, 'no body'];
  const ids = new Set<string>();
  for (const [index, element] of body.entries()) {
    const where = `body[${index}] (${element.type})`;
    if (!['markdown', 'textarea', 'input', 'dropdown', 'checkboxes'].includes(element.type)) problems.push(`${where}: unknown type`);
    if (element.type === 'markdown') {
      if (!element.attributes?.value) problems.push(`${where}: no value`);
      continue;
    }
    if (!element.attributes?.label) problems.push(`${where}: no label`);
    if (element.id !== undefined) {
      if (!/^[A-Za-z0-9_-]+$/.test(element.id)) problems.push(`${where}: id ${element.id} is not alphanumeric, - or _`);
      if (ids.has(element.id)) problems.push(`${where}: id ${element.id} twice`);
      ids.add(element.id);
    }
    if (['dropdown', 'checkboxes'].includes(element.type) && !(element.attributes?.options?.length ?? 0))
      problems.push(`${where}: no options`);
  }
  if (!body.some((element) => element.type !== 'markdown' && element.validations?.required === true)) problems.push('nothing required');
  return problems;
}

describe('issue forms', () => {
  const forms = readdirSync(FOLDER).filter((file) => file.endsWith('.yml') && file !== 'config.yml');

  it('a bug report and a feature request, each a form GitHub accepts', () => {
    expect(forms.sort()).toEqual(['bug_report.yml', 'feature_request.yml']);
    for (const file of forms) expect(formProblems(read(file)), file).toEqual([]);
  });

  it('ask for the operation among those the action has, and for the workflow step as YAML', () => {
    for (const file of forms) {
      const body = read(file).body as Element[];
      const operation = body.find((element) => element.id === 'operation');
      expect(operation?.attributes?.options?.slice(0, OPERATIONS.length), file).toEqual([...OPERATIONS]);
    }
    const bug = read('bug_report.yml').body as Element[];
    expect(bug.find((element) => element.id === 'workflow')?.attributes?.render).toBe('yaml');
    expect(JSON.stringify(bug)).toContain('Never paste a token');
  });

  it('the checks find what GitHub would refuse', () => {
    expect(formProblems({ name: 'x', description: 'y', body: [] })).toEqual(['no body']);
    expect(
      formProblems({
        name: 'x',
        body: [
          { type: 'select', attributes: { label: 'a' } },
          { type: 'dropdown', id: 'a b', attributes: { label: 'b' } },
          { type: 'input', id: 'c', attributes: {} },
          { type: 'input', id: 'c', attributes: { label: 'd' } },
        ],
      }),
    ).toEqual([
      'no description',
      'body[0] (select): unknown type',
      'body[1] (dropdown): id a b is not alphanumeric, - or _',
      'body[1] (dropdown): no options',
      'body[2] (input): no label',
      'body[3] (input): id c twice',
      'nothing required',
    ]);
  });

  it('config.yml sends security reports and service problems elsewhere, and blank issues nowhere', () => {
    const config = read('config.yml') as { blank_issues_enabled: unknown; contact_links: { name: string; url: string; about: string }[] };
    expect(config.blank_issues_enabled).toBe(false);
    for (const link of config.contact_links) {
      expect(link.name).toBeTruthy();
      expect(link.about).toBeTruthy();
      expect(link.url).toMatch(/^https:\/\//);
    }
    expect(config.contact_links.map((link) => link.url)).toContain(
      'https://github.com/readthedocs-action/readthedocs-action/security/advisories/new',
    );
  });
});
