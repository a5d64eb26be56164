import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editionFromBaseUrl, previewUrl, validatePreviewTemplate, type ProjectForPreview } from '../src/operations/preview/preview-url.js';

const project = (overrides: Partial<ProjectForPreview> = {}): ProjectForPreview => ({
  slug: 'docs',
  language: 'en',
  versioningScheme: 'multiple_versions_with_translations',
  translationOf: null,
  subprojectOf: null,
  ...overrides,
});

describe('previewUrl', () => {
  it('follows each versioning scheme', () => {
    expect(previewUrl({ project: project(), pr: 42, edition: 'org' })).toBe('https://docs--42.org.readthedocs.build/en/42/');
    expect(previewUrl({ project: project({ versioningScheme: 'multiple_versions_without_translations' }), pr: 42, edition: 'org' })).toBe(
      'https://docs--42.org.readthedocs.build/42/',
    );
    expect(previewUrl({ project: project({ versioningScheme: 'single_version_without_translations' }), pr: 42, edition: 'org' })).toBe(
      'https://docs--42.org.readthedocs.build/',
    );
  });

  it('uses the project language', () => {
    expect(previewUrl({ project: project({ language: 'pt-br' }), pr: 7, edition: 'org' })).toBe(
      'https://docs--7.org.readthedocs.build/pt-br/7/',
    );
  });

  it('turns underscores of the slug into hyphens in the host only', () => {
    expect(previewUrl({ project: project({ slug: 'my_great_docs' }), pr: 3, edition: 'org' })).toBe(
      'https://my-great-docs--3.org.readthedocs.build/en/3/',
    );
  });

  it('serves Business projects from com.readthedocs.build', () => {
    expect(previewUrl({ project: project(), pr: 5, edition: 'com' })).toBe('https://docs--5.com.readthedocs.build/en/5/');
  });

  it('puts a translation under its parent host and scheme with its own language', () => {
    const parent = project({ slug: 'main_docs', language: 'en' });
    const translation = project({ slug: 'main-docs-es', language: 'es', translationOf: 'main_docs' });
    expect(previewUrl({ project: translation, parent, pr: 9, edition: 'org' })).toBe('https://main-docs--9.org.readthedocs.build/es/9/');
  });

  it('uses the parent scheme for a translation, not its own', () => {
    const parent = project({ slug: 'main', versioningScheme: 'multiple_versions_without_translations' });
    const translation = project({ slug: 'main-fr', language: 'fr', translationOf: 'main' });
    expect(previewUrl({ project: translation, parent, pr: 9, edition: 'com' })).toBe('https://main--9.com.readthedocs.build/9/');
  });

  it('puts a subproject under its parent host with /projects/{alias}/ and its own scheme', () => {
    const parent = { ...project({ slug: 'umbrella', versioningScheme: 'single_version_without_translations' }), subprojectAlias: 'api' };
    const child = project({ slug: 'umbrella-api', language: 'de', subprojectOf: 'umbrella' });
    expect(previewUrl({ project: child, parent, pr: 11, edition: 'org' })).toBe(
      'https://umbrella--11.org.readthedocs.build/projects/api/de/11/',
    );
    const singleVersionChild = project({
      slug: 'umbrella-api',
      subprojectOf: 'umbrella',
      versioningScheme: 'single_version_without_translations',
    });
    expect(previewUrl({ project: singleVersionChild, parent, pr: 11, edition: 'org' })).toBe(
      'https://umbrella--11.org.readthedocs.build/projects/api/',
    );
  });

  it('keeps a / in a subproject alias as a path separator, encoding each part; refuses empty, . and .. parts', () => {
    const child = project({ slug: 'umbrella-api', subprojectOf: 'umbrella' });
    const under = (subprojectAlias: string) =>
      previewUrl({ project: child, parent: { ...project({ slug: 'umbrella' }), subprojectAlias }, pr: 3, edition: 'org' });
    expect(under('api/v2')).toBe('https://umbrella--3.org.readthedocs.build/projects/api/v2/en/3/');
    expect(under('api docs/v2')).toBe('https://umbrella--3.org.readthedocs.build/projects/api%20docs/v2/en/3/');
    for (const alias of ['api//v2', '/api', 'api/', 'api/../admin', './api']) expect(() => under(alias)).toThrow(/preview-url-template/);
  });

  it('recognises a subproject from the alias alone', () => {
    const parent = { ...project({ slug: 'umbrella' }), subprojectAlias: 'cli' };
    expect(previewUrl({ project: project({ slug: 'cli' }), parent, pr: 1, edition: 'org' })).toBe(
      'https://umbrella--1.org.readthedocs.build/projects/cli/en/1/',
    );
  });

  it('refuses to guess when the parent or alias is missing or does not match', () => {
    expect(() => previewUrl({ project: project({ translationOf: 'main' }), pr: 1, edition: 'org' })).toThrow(/translation of "main"/);
    expect(() =>
      previewUrl({ project: project({ subprojectOf: 'umbrella' }), parent: project({ slug: 'umbrella' }), pr: 1, edition: 'org' }),
    ).toThrow(/alias/);
    expect(() =>
      previewUrl({ project: project({ translationOf: 'main' }), parent: project({ slug: 'other' }), pr: 1, edition: 'org' }),
    ).toThrow(/belongs to "main".*"other"/);
    expect(() => previewUrl({ project: project(), parent: project({ slug: 'other' }), pr: 1, edition: 'org' })).toThrow(
      /neither a translation nor a subproject/,
    );
  });

  it('refuses nested relationships and points to the template input', () => {
    const parent = { ...project({ slug: 'main', subprojectOf: 'umbrella' }) };
    expect(() => previewUrl({ project: project({ slug: 'main-es', translationOf: 'main' }), parent, pr: 1, edition: 'org' })).toThrow(
      /preview-url-template/,
    );
  });

  it('refuses an unknown versioning scheme and a bad PR number', () => {
    expect(() => previewUrl({ project: project({ versioningScheme: 'something_new' }), pr: 1, edition: 'org' })).toThrow(
      /something_new.*preview-url-template/,
    );
    expect(() => previewUrl({ project: project(), pr: 0, edition: 'org' })).toThrow(/positive integer/);
    expect(() => previewUrl({ project: project(), pr: 1.5, edition: 'org' })).toThrow(/positive integer/);
  });

  it('fills a template with project, version and language', () => {
    expect(
      previewUrl({
        project: project({ slug: 'my_docs', language: 'ja' }),
        pr: 77,
        edition: 'org',
        template: 'https://{project}--{version}.example.org/{language}/{version}/',
      }),
    ).toBe('https://my-docs--77.example.org/ja/77/');
  });

  it('lets a template override translation and subproject rules', () => {
    expect(
      previewUrl({
        project: project({ slug: 'main-es', language: 'es', translationOf: 'main' }),
        pr: 2,
        edition: 'com',
        template: 'https://main--{version}.org.readthedocs.build/{language}/{version}/',
      }),
    ).toBe('https://main--2.org.readthedocs.build/es/2/');
  });

  it('refuses a template with unknown placeholders, naming the input and the accepted ones', () => {
    const call = () => previewUrl({ project: project(), pr: 2, edition: 'org', template: 'https://{slug}--{pr}.example.org/' });
    expect(call).toThrow(/preview-url-template/);
    expect(call).toThrow(/\{slug\}, \{pr\}/);
    expect(call).toThrow(/\{project\}, \{version\}, \{language\}/);
  });

  it('property: every computed URL is https on readthedocs.build and ends with a slash', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,30}$/),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(
          'multiple_versions_with_translations',
          'multiple_versions_without_translations',
          'single_version_without_translations',
        ),
        fc.constantFrom('org' as const, 'com' as const),
        (slug, pr, versioningScheme, edition) => {
          const url = new URL(previewUrl({ project: project({ slug, versioningScheme }), pr, edition }));
          expect(url.protocol).toBe('https:');
          expect(url.hostname).toBe(`${slug.replace(/_/g, '-')}--${pr}.${edition}.readthedocs.build`);
          expect(url.pathname.endsWith('/')).toBe(true);
        },
      ),
    );
  });
});

describe('validatePreviewTemplate', () => {
  it('accepts http(s) templates with known placeholders', () => {
    expect(() => validatePreviewTemplate('https://{project}--{version}.org.readthedocs.build/{language}/{version}/')).not.toThrow();
    expect(() => validatePreviewTemplate('http://preview.example.com/{version}')).not.toThrow();
  });

  it.each([
    ['unknown placeholder', 'https://{project}.example.com/{branch}/', /unknown placeholder \{branch\};/],
    ['empty braces', 'https://example.com/{}/', /unknown placeholder/],
    ['unmatched brace', 'https://example.com/{version/', /unmatched brace/],
    ['not a URL', '{project}--{version}', /absolute http\(s\) URL/],
    ['javascript scheme', 'javascript:alert({version})', /http\(s\) URL/],
    ['ftp scheme', 'ftp://example.com/{version}/', /http\(s\) URL/],
  ])('refuses %s', (_name, template, message) => {
    expect(() => validatePreviewTemplate(template)).toThrow(message);
    expect(() => validatePreviewTemplate(template)).toThrow(/preview-url-template/);
  });
});

describe('editionFromBaseUrl', () => {
  it.each([
    ['https://app.readthedocs.com/api/v3/', 'com'],
    ['https://APP.readthedocs.com', 'com'],
    ['https://app.readthedocs.org/api/v3/', 'org'],
    ['http://127.0.0.1:8080/api/v3/', 'org'],
    ['https://readthedocs.com.evil.example/api/v3/', 'org'],
    ['not a url', 'org'],
  ])('%s → %s', (baseUrl, edition) => {
    expect(editionFromBaseUrl(baseUrl)).toBe(edition);
  });
});

describe('previewUrl with a clashing PR version slug', () => {
  it('uses the version slug (7_a beside a branch 7) for host, path and template', async () => {
    const { previewUrl } = await import('../src/operations/preview/preview-url.js');
    const project = {
      slug: 'demo',
      language: 'en',
      versioningScheme: 'multiple_versions_with_translations' as const,
      translationOf: null,
      subprojectOf: null,
    };
    expect(previewUrl({ project, pr: 7, version: '7_a', edition: 'org' })).toBe('https://demo--7_a.org.readthedocs.build/en/7_a/');
    expect(previewUrl({ project, pr: 7, version: '7_a', edition: 'org', template: 'https://x.example/{version}/' })).toBe(
      'https://x.example/7_a/',
    );
    expect(() => previewUrl({ project, pr: 7, version: '../x', edition: 'org' })).toThrow(/cannot be part/);
  });
});
