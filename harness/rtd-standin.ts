// Loopback stand-in of the Read the Docs service for integration/e2e tests, demo and bench.
export { startStandin } from './rtd-standin/standin.ts';
export type { Standin } from './rtd-standin/standin.ts';
export type { RecordedRequest } from './standin-http/server.ts';
export type { BuildPlan, StandinOptions } from './rtd-standin/model.ts';
export type { DocsRate } from './rtd-standin/model.ts';
