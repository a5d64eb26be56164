// rootWithoutDefault, FACTS.md's rule (Versions) for the docs root when the default version is
// inactive or missing; health's check and apply's preflight word it (test/health-checks.test.ts,
// test/project-config.test.ts).
import { describe, expect, it } from 'vitest';
import { rootWithoutDefault } from '../src/operations/shared/versions/docs-root.js';

describe('rootWithoutDefault', () => {
  it('multi-version: the root serves latest, /{lang}/{default}/ answers 404 (no language without translations)', () => {
    expect(rootWithoutDefault({ versioningScheme: 'multiple_versions_with_translations', language: 'ja' }, 'v1')).toEqual({
      serves: 'latest',
      defaultPath: '/ja/v1/',
    });
    expect(rootWithoutDefault({ language: 'en' }, 'v1')).toEqual({ serves: 'latest', defaultPath: '/en/v1/' });
    expect(rootWithoutDefault({ versioningScheme: 'multiple_versions_without_translations', language: 'en' }, 'v1')).toEqual({
      serves: 'latest',
      defaultPath: '/v1/',
    });
  });

  it('single-version, or a default of latest: the root answers 404', () => {
    expect(rootWithoutDefault({ versioningScheme: 'single_version_without_translations', language: 'en' }, 'v1')).toEqual({
      serves: 'nothing',
      singleVersion: true,
    });
    expect(rootWithoutDefault({ language: 'en' }, 'latest')).toEqual({ serves: 'nothing', singleVersion: false });
  });
});
