// Loopback stand-in of the Read the Docs service for integration/e2e tests, demo and bench.
export { startStandin } from './rtd-standin/standin.ts';
export type { Standin } from './rtd-standin/standin.ts';
export type { Fault, RecordedRequest } from './standin-http/server.ts';
export type {
  AutomationRuleSeed,
  BuildPlan,
  BuildRecord,
  BuildSeed,
  BuildStateCode,
  FailingCommand,
  NotificationSeed,
  Outcome,
  PhaseFractions,
  Privacy,
  ProjectSeed,
  RateLimit,
  RemoteRepository,
  SearchHitSeed,
  ServicePlan,
  StandinOptions,
  VersioningScheme,
  VersionSeed,
  VersionType,
  WebhookEvent,
} from './rtd-standin/model.ts';
