// npm run test:mutation: mutation testing of the operations' decision files against the unit layer
// (vitest.mutation.config.ts: no end-to-end tests, which run dist/ and never reach a mutant). Not
// part of npm test. `npm run test:mutation -- --mutate src/x.ts,src/y.ts` mutates other files;
// docs/development.md says how to read the result and what each file scores.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: [
    'src/operations/merge-queue/checks.ts',
    'src/operations/health/health-issue.ts',
    'src/operations/health/checks.ts',
    'src/operations/preview/service-comment.ts',
    'src/operations/preview/file-tree-diff.ts',
    'src/operations/gates.ts',
    'src/operations/shared/builds/warnings/gate.ts',
    'src/operations/shared/builds/warnings/compare.ts',
    'src/operations/preview/redirected-links.ts',
    'src/operations/preview/deleted-pages.ts',
    'src/operations/shared/links/link-judge.ts',
    'src/operations/shared/links/link-checker.ts',
    'src/operations/shared/links/levels.ts',
    'src/operations/shared/links/resolve-link.ts',
    'src/util/private-host.ts',
    'src/operations/unread-inputs.ts',
    'src/operations/health/link-sweep.ts',
    'src/operations/health/dead-links.ts',
    'src/operations/shared/links/html-links.ts',
    'src/operations/shared/links/link-answers.ts',
    'src/readthedocs/public-connect.ts',
    'src/operations/preview/link-check.ts',
    'src/operations/shared/links/site-index.ts',
    'src/operations/health/report.ts',
  ],
  // Every run measures the files as they are, never a previous run's results.
  incremental: false,
  // Two workers: the development machine has two cores (`--concurrency N` for more).
  concurrency: 2,
  timeoutMS: 30_000,
  // The score per file is the clear-text table at the end; the html and json reports go to the
  // git-ignored reports/mutation/.
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the sandbox's tsconfig through TypeScript's JavaScript API, which TypeScript 7
  // no longer has; ours needs no rewriting (no `extends` or references outside the folder), so it
  // is pointed at a file that does not exist.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  ignorePatterns: ['dist', 'lib', 'coverage', 'reports'],
};
