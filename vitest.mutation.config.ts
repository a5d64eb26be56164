import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * What `npm run test:mutation` (stryker.config.json) runs against each mutant: the unit layer only
 * (`unit` and `isolated`). The end-to-end project runs dist/, which a mutant of src/ never reaches,
 * so its tests would only add time and count every mutant as survived.
 */
const UNIT_LAYER = new Set(['unit', 'isolated']);

/**
 * Tests of the repository itself (its tracked files, lint, knip, the built docs): Stryker's sandbox
 * is a copy without `.git`, so they fail there before any mutant, and none of them reaches a mutant.
 */
const REPOSITORY_TESTS = ['test/readme-sync.test.ts', 'test/lint.test.ts', 'test/knip.test.ts'];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? [])
      .filter((project) => typeof project === 'object' && 'test' in project && UNIT_LAYER.has(String(project.test?.name)))
      .map((project) =>
        typeof project === 'object' && 'test' in project
          ? { ...project, test: { ...project.test, exclude: [...(project.test?.exclude ?? []), ...REPOSITORY_TESTS] } }
          : project,
      ),
  },
});
