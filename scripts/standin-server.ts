// Keeps the loopback stand-in of Read the Docs running with the demo project, for trying the
// action by hand or from a workflow (`uses: ./` in .github/workflows/self-test.yml).
//
//   npm run standin            # prints `url=http://127.0.0.1:PORT`, runs until stopped
//
// Projects: `acme-docs` (each trigger of `latest` succeeds after a few seconds) and `acme-broken`
// (each trigger fails in Sphinx). The token it accepts: demo-token-not-a-secret.
import './node-check.ts';
import { DEMO_TOKEN, startTrialService, TRIAL_PROJECTS } from './demo/scenario.ts';

const standin = await startTrialService(3000);

process.stdout.write(`url=${standin.url}\n`);
process.stdout.write(`token=${DEMO_TOKEN}\nprojects=${TRIAL_PROJECTS.join(',')}\n`);

const stop = (signal: string) => {
  process.stdout.write(`${signal}: stopping after ${standin.requests.length} requests\n`);
  void standin.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
