import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * What `npm run test:mutation` (stryker.config.json) runs against each mutant: the unit layer only
 * (`unit` and `isolated`). The end-to-end project runs dist/, which a mutant of src/ never reaches,
 * so its tests would only add time and count every mutant as survived.
 */
const UNIT_LAYER = new Set(['unit', 'isolated']);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: (base.test?.projects ?? []).filter(
      (project) => typeof project === 'object' && 'test' in project && UNIT_LAYER.has(String(project.test?.name)),
    ),
  },
});
