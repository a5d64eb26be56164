// `npm run demo [-- failure | preview | apply]`: the bundled action end to end, offline. Starts the loopback
// stand-in of Read the Docs with a realistic project (and for `preview` one of GitHub's REST API),
// runs dist/index.js exactly as the runner does (INPUT_* variables, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY, an event payload), streams its log, then shows its outputs and its job
// summary. No token, no network.
import './node-check.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/action-metadata.ts';
import type { Standin } from '../harness/rtd-standin.ts';
import { applyDemo } from './demo/apply.ts';
import { previewDemo } from './demo/preview.ts';
import { DEMO_BUILD_MS_REFUSED, DEMO_PROJECT, DEMO_TOKEN, demoBuildMs, planBuild, startDemoService } from '../harness/demo-scenario.ts';
import { runAndShow, say, showResults, style } from './demo/show.ts';
import { demoVariant } from './demo/variants.ts';

async function main(): Promise<number> {
  const variant = demoVariant(process.argv[2]);
  if (typeof variant === 'object') {
    say(variant.refused);
    return 2;
  }
  if (!existsSync(join(ROOT, 'dist/index.js'))) {
    say('dist/index.js is missing: run `npm run build` first (or `npm test`, which builds it).');
    return 1;
  }
  const buildMs = demoBuildMs(process.env.DEMO_BUILD_MS, 6000);
  if (buildMs === undefined) {
    say(DEMO_BUILD_MS_REFUSED);
    return 2;
  }
  if (variant === 'preview') return previewDemo(buildMs);
  if (variant === 'apply') return applyDemo();

  const standin = await startDemoService({ buildMs });
  try {
    planBuild(standin, variant, buildMs);
    const inputs = { token: DEMO_TOKEN, project: DEMO_PROJECT, version: 'latest', 'base-url': standin.url };
    intro(variant === 'failure' ? 'a build whose Sphinx run fails (warnings treated as errors)' : 'a build gate on push', standin, inputs);
    const run = await runAndShow({ inputs });
    showResults(run);
    if (variant === 'failure') {
      const failedAsExpected = run.code === 1 && run.outputs.success === 'false' && run.outputs.state === 'finished';
      say(
        failedAsExpected
          ? `\nThe action exited ${run.code}: the build failed, so the step is red and the job stops. That is the point of this demo, so the demo itself exits 0.`
          : style.red(
              `\nUnexpected: the action exited ${run.code} with state ${run.outputs.state || '(none)'}; a failed build was expected.`,
            ),
      );
      return failedAsExpected ? 0 : 1;
    }
    say(
      run.code === 0
        ? `\n${style.green('The action exited 0:')} build #${run.outputs['build-id']} finished successfully; the step is green.`
        : style.red(`\nThe action exited ${run.code}: see the log above.`),
    );
    return run.code === 0 ? 0 : 1;
  } finally {
    await standin.close();
  }
}

function intro(what: string, standin: Standin, inputs: Record<string, string>): void {
  say(style.bold(`Read the Docs action demo: ${what}`));
  say(style.dim(`A loopback stand-in of the Read the Docs API is listening at ${standin.url}.`));
  say(style.dim('The step, as a workflow would write it (base-url points at the stand-in; the token is a fake it accepts):'));
  say();
  say('  - uses: readthedocs-action/readthedocs-action@v1');
  say('    with:');
  for (const [name, value] of Object.entries(inputs))
    say(
      `      ${name}: ${name === 'token' ? '${{ secrets.RTD_TOKEN }}' : value.includes('\n') ? `|\n        ${value.split('\n').join('\n        ')}` : value}`,
    );
}

function fail(error: unknown): never {
  process.stderr.write(`demo: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

main().then((code) => {
  process.exitCode = code;
}, fail);
