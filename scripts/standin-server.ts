// Keeps the loopback stand-in of Read the Docs running with the demo project, for trying the
// action by hand or from a workflow (`uses: ./` in .github/workflows/self-test.yml).
//
//   npm run standin            # prints `url=http://127.0.0.1:PORT`, runs until stopped
//
// Projects: `acme-docs` (each trigger of `latest` succeeds after a few seconds) and `acme-broken`
// (each trigger fails in Sphinx). The token it accepts: demo-token-not-a-secret.
import { DEMO_PROJECT, DEMO_TOKEN, FAILING_SPHINX, planBuild, startDemoService } from './demo/scenario.ts';

const BUILD_MS = 3000;

const standin = await startDemoService({ buildMs: BUILD_MS });
planBuild(standin, 'success', BUILD_MS);
standin.addProject({ slug: 'acme-broken', name: 'Acme Broken' });
standin.onTrigger('acme-broken', 'latest', { durationMs: 2000, outcome: 'failure', failingCommand: FAILING_SPHINX });

process.stdout.write(`url=${standin.url}\n`);
process.stdout.write(`token=${DEMO_TOKEN}\nprojects=${DEMO_PROJECT},acme-broken\n`);

const stop = (signal: string) => {
  process.stdout.write(`${signal}: stopping after ${standin.requests.length} requests\n`);
  void standin.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
