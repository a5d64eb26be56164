// Types and the clock-driven build lifecycle of the Read the Docs stand-in.
import { createHash } from 'node:crypto';

type VersionType = 'branch' | 'tag' | 'external' | 'unknown';
type Privacy = 'public' | 'private';
/** Community (app.readthedocs.org) or Business (app.readthedocs.com): some writes differ between them. */
type ServicePlan = 'community' | 'business';
/** A repository connected to the project (GitHub App or OAuth): the service keeps its values on save. */
interface RemoteRepository {
  cloneUrl: string;
  /** Default false: a public repository. */
  private?: boolean;
  /** The repository's own default branch, GET's fallback when the project sets none. */
  defaultBranch?: string;
}
type VersioningScheme =
  | 'multiple_versions_with_translations'
  | 'multiple_versions_without_translations'
  | 'single_version_without_translations';
/**
 * `skipped`: a command exited with 183, the documented skip: the build ends `cancelled` with the
 * notification `build:user:exit-code-183`. `skipped-in-post-checkout`: the same skip, from the
 * `post_checkout` job: a branch or tag build (whose commit is recorded only after that job) ends
 * `cancelled` with `commit: null` for good. `failure-before-checkout`: config loading or the clone
 * failed inside checkout: the build ends `finished`, unsuccessful, with `commit: null` for good.
 */
type Outcome = 'success' | 'failure' | 'cancelled' | 'skipped' | 'skipped-in-post-checkout' | 'failure-before-checkout';
export type BuildStateCode = 'triggered' | 'cloning' | 'installing' | 'building' | 'uploading' | 'finished' | 'cancelled';

export interface PhaseFractions {
  cloning?: number;
  installing?: number;
  building?: number;
  uploading?: number;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/**
 * How a docs host answers automated clients that go too fast. FACTS: "Automated access should stay
 * under **4 requests per second** (small bursts are tolerated; cached answers do not count) ...
 * Above it Cloudflare answers **429** (with `Retry-After`) or a **403 challenge** (header
 * `cf-mitigated: challenge`)". A token bucket per host: `perSecond` on average, `burst` at once.
 */
export interface DocsRate {
  perSecond: number;
  burst: number;
  /** `throttle`: 429 with Retry-After; `challenge`: 403 with `cf-mitigated: challenge`. */
  answer: 'throttle' | 'challenge';
}

export interface StandinOptions {
  /** Valid API tokens; default ['test-token']. Their user administers every project. */
  tokens?: string[];
  /**
   * Valid API tokens of a user who administers no project (a maintainer of another project, a
   * member without admin rights): reads work, admin-only endpoints answer 403, and
   * `?expand=permissions` says `admin: false` (see router.ts).
   */
  nonAdminTokens?: string[];
  /** Per token, DRF-like sliding window; default 60/minute; null turns all throttling off. */
  rateLimit?: RateLimit | null;
  /** Limit for anonymous callers of API v3 (per IP); default 5/minute; ignored when rateLimit is null. API v2 is never throttled. */
  anonymousRateLimit?: RateLimit | null;
  /** Added to every response. */
  latencyMs?: number;
  /** How a build's running time is split between its phases (normalised). */
  phaseFractions?: PhaseFractions;
  /** Search indexing lag after a build finishes; default 1500. */
  indexDelayMs?: number;
  /** Clock used for build states, throttling and timestamps; default Date.now. */
  now?: () => number;
  /**
   * How the docs hosts throttle automated clients (per host): by default the service's policy, 4
   * requests a second with a small burst, answered 429; null turns it off.
   */
  docsRate?: DocsRate | null;
}

export interface VersionSeed {
  slug: string;
  type?: VersionType;
  active?: boolean;
  hidden?: boolean;
  built?: boolean;
  privacy?: Privacy;
  /**
   * The commit the branch or tag points at (a PR version's head); default a fake one. For a
   * branch, the API's `identifier` is its name whatever this says: this is the branch's head,
   * which its builds check out until a push moves it.
   */
  identifier?: string;
  verboseName?: string;
  /** The version only becomes visible this many ms after the next sync-versions call. */
  appearsAfterSyncMs?: number;
  /** Made by the service's direct upload (beta): a pipeline uploads its files, the service never builds it. */
  uploaded?: boolean;
  /**
   * `stable`: the service's own alias, which serves the highest release among the project's tags
   * and branches (see `highestRelease` in versions.ts); without it, a `stable` branch or tag of the
   * user's own, never moved. `latest` is the service's own unless this is `false` (a `latest`
   * branch of the user's own). Other versions: ignored.
   */
  machine?: boolean;
}

export interface ProjectSeed {
  slug: string;
  name?: string;
  language?: string;
  versioningScheme?: VersioningScheme;
  translationOf?: string;
  subprojectOf?: { parent: string; alias: string };
  defaultVersion?: string;
  /** Default 'main'; null: none set (GET falls back to the connected repository's default, then `master`). */
  defaultBranch?: string | null;
  /**
   * The repository's real default branch (what its HEAD names), which `latest` follows whatever
   * GET's `default_branch` says; default: GET's `default_branch`.
   */
  repositoryHead?: string;
  active?: boolean;
  privacy?: Privacy;
  repositoryUrl?: string;
  /** Default 'community', what the `app.readthedocs.org` base URL means. */
  plan?: ServicePlan;
  /** A connected repository; default none. */
  remoteRepository?: RemoteRepository;
  /** Seed a 'latest' branch version (active); default true. */
  latest?: boolean;
  /** The project's own configuration file path (Business feature); default null. */
  readthedocsYamlPath?: string | null;
  versions?: VersionSeed[];
}

interface FailingCommand {
  command: string;
  output: string;
  exit_code: number;
}

interface BuilderCommand {
  /** Default: Sphinx's command line (`python -m sphinx -T -b html …`). */
  command?: string;
  output: string;
}

interface NotificationSeed {
  id: string;
  header: string;
  body: string;
  type: 'error' | 'warning' | 'info' | 'note' | 'tip';
}

export interface BuildPlan {
  durationMs: number;
  outcome: Outcome;
  commit?: string;
  /** Time spent in 'triggered' before cloning starts. */
  queueMs?: number;
  failingCommand?: FailingCommand;
  /**
   * The docs builder's command of a build that does not fail, as API v2 shows it: a green build
   * prints its warnings too (Sphinx without `-W`, MkDocs without `--strict`). Default: Sphinx
   * printing `build succeeded.`.
   */
  builderCommand?: BuilderCommand;
  notifications?: NotificationSeed[];
  /**
   * The build's resolved configuration, as `GET …/builds/{id}/?expand=config` gives it once the
   * build has read its configuration file (e.g. `{doctype: 'sphinx_htmldir', sphinx: {builder:
   * 'sphinx_htmldir'}}`). Without it the stand-in answers `{}`.
   */
  config?: Record<string, unknown>;
}

/**
 * A webhook automation rule of a GitHub App project (the dashboard's "build on…" rules): with rules
 * for a version type, a push or pull-request event builds only when one matches. Patterns are
 * stored as the service stores them: `files` is a shell pattern (fnmatch: `*` crosses `/`),
 * `commitMessage` and `labels` are regular expressions searched anywhere in the text.
 */
export interface AutomationRuleSeed {
  versionTypes: VersionType[];
  files?: string;
  commitMessage?: string;
  labels?: string;
}

/**
 * A version-added automation rule (the dashboard's "activate"/"hide" rules, no API): run when a
 * sync makes a version whose `verbose_name` matches `match` (a regular expression). FACTS: "New
 * versions made by a sync are inactive and unbuilt ... unless a version-added automation rule
 * activates or hides them; both of those actions queue a build."
 */
export interface VersionAddedRuleSeed {
  match: string;
  action: 'activate' | 'hide';
}

/** What GitHub tells the service about a push, or a pull request's new head. */
export interface WebhookEvent {
  commit: string;
  /** Changed files (the push's, or the pull request's). */
  files?: string[];
  message?: string;
  /** The pull request's labels (push events have none). */
  labels?: string[];
  /** How the build goes, when one is made; else the next plan of `onTrigger` (or the default). */
  plan?: Omit<BuildPlan, 'commit'>;
}

export interface BuildSeed extends BuildPlan {
  /** The build was created this long before now. */
  startedAgoMs?: number;
  /** Carry the commit from creation (webhook-started PR builds). */
  commitFromStart?: boolean;
}

export type BuildSource = 'seed' | 'api' | 'activation' | 'webhook';

export interface BuildData {
  id: number;
  project: string;
  version: string;
  createdAt: number;
  queueMs: number;
  durationMs: number;
  outcome: Outcome;
  commit: string;
  commitFromStart: boolean;
  failingCommand: FailingCommand | undefined;
  builderCommand: BuilderCommand | undefined;
  notifications: NotificationSeed[] | undefined;
  config: Record<string, unknown> | undefined;
  /** Set when a newer trigger cancelled it while it was not final. */
  cancelledAt: number | null;
  source: BuildSource;
  /** Its version was deleted (`SET_NULL`): `version` renders as null. */
  orphaned?: boolean;
}

export interface BuildRecord extends BuildData {
  /** State at the moment builds() was called. */
  state: BuildStateCode;
  success: boolean | null;
}

export interface ProjectData {
  id: number;
  slug: string;
  name: string;
  language: string;
  versioningScheme: VersioningScheme;
  translationOf: string | null;
  subprojectOf: { parent: string; alias: string } | null;
  defaultVersion: string;
  /** Null when none is set: see `Store.defaultBranchOf`. */
  defaultBranch: string | null;
  /** See `ProjectSeed.repositoryHead` and `Store.latestBranchOf`. */
  repositoryHead: string | null;
  active: boolean;
  privacy: Privacy;
  repositoryUrl: string;
  plan: ServicePlan;
  remoteRepository: RemoteRepository | null;
  readthedocsYamlPath: string | null;
  createdAt: number;
}

export interface VersionData {
  id: number;
  project: string;
  slug: string;
  type: VersionType;
  active: boolean;
  hidden: boolean;
  built: boolean;
  privacy: Privacy;
  /**
   * The commit the branch or tag points at as the stand-in's model of the repository knows it (a
   * PR version's: its head), which an API-triggered or activation build checks out. The API shows
   * it as `identifier` for tags and PR versions only: a branch's is its name (`Store.identifierOf`).
   */
  commit: string;
  verboseName: string;
  /** The service's own `stable` or `latest` alias (see `VersionSeed.machine`). */
  machine?: boolean;
  /** Delay applied at the next sync, or null once scheduled/visible. */
  pendingSyncDelayMs: number | null;
  /** When it becomes visible (ms epoch); Infinity while waiting for a sync. */
  visibleAt: number;
  /** When it was last deactivated: builds that ended before no longer make it `built`. */
  deactivatedAt?: number;
  /** Uploaded by a pipeline (direct upload): never built by the service. */
  uploaded?: boolean;
}

export interface EnvVarData {
  pk: number;
  project: string;
  name: string;
  value: string;
  /** Nullable in the service's model. */
  public: boolean | null;
  createdAt: number;
}

export interface SearchHitSeed {
  title: string;
  path: string;
  content?: string;
}

export interface Snapshot {
  state: BuildStateCode;
  success: boolean | null;
  /** Seconds, null until final. */
  duration: number | null;
  finished: number | null;
  commit: string | null;
  /** End of the build (success or failure) when it finished, else null. */
  endedAt: number | null;
  /** Point in time the build stopped progressing (now, end, or cancellation). */
  effectiveAt: number;
}

const PHASES = ['cloning', 'installing', 'building', 'uploading'] as const;
const DEFAULT_FRACTIONS = { cloning: 0.15, installing: 0.25, building: 0.45, uploading: 0.15 };

export function normaliseFractions(f: PhaseFractions | undefined): number[] {
  const merged = { ...DEFAULT_FRACTIONS, ...(f ?? {}) };
  const raw = PHASES.map((p) => Math.max(0, merged[p] ?? 0));
  const total = raw.reduce((a, b) => a + b, 0) || 1;
  return raw.map((x) => x / total);
}

/** Start offset (ms after the queue) of each phase plus the end, e.g. [0, 45, 120, 255, 300]. */
export function phaseBoundaries(durationMs: number, fractions: number[]): number[] {
  const out = [0];
  let acc = 0;
  for (const f of fractions) {
    acc += f * durationMs;
    out.push(acc);
  }
  out[out.length - 1] = durationMs;
  return out;
}

export function snapshot(b: BuildData, now: number, fractions: number[]): Snapshot {
  const start = b.createdAt + b.queueMs;
  const bounds = phaseBoundaries(b.durationMs, fractions);
  const cloneDone = start + (bounds[1] ?? 0);
  // A skip in `post_checkout` ends the build with its checkout: nothing after it runs.
  const end = b.outcome === 'skipped-in-post-checkout' ? cloneDone : start + b.durationMs;
  // FACTS: "a branch build that skips itself with exit code 183 in `post_checkout` ... ends
  // `cancelled` with `commit: null` for good"; a pull request's build carries its commit from creation.
  const neverCheckedOut = b.outcome === 'failure-before-checkout' || (b.outcome === 'skipped-in-post-checkout' && !b.commitFromStart);
  const commitAt = (t: number): string | null => (!neverCheckedOut && (b.commitFromStart || t >= cloneDone) ? b.commit : null);

  if (b.cancelledAt !== null && b.cancelledAt <= now) {
    const at = b.cancelledAt;
    const started = at > start;
    const duration = started ? Math.round((at - start) / 1000) : 0;
    return {
      state: 'cancelled',
      success: false,
      duration,
      finished: started ? b.createdAt + duration * 1000 : null,
      commit: commitAt(at),
      endedAt: null,
      effectiveAt: at,
    };
  }
  if (now < start) {
    return { state: 'triggered', success: null, duration: null, finished: null, commit: commitAt(now), endedAt: null, effectiveAt: now };
  }
  if (now >= end) {
    const duration = Math.round((end - start) / 1000);
    return {
      state: b.outcome === 'cancelled' || b.outcome === 'skipped' || b.outcome === 'skipped-in-post-checkout' ? 'cancelled' : 'finished',
      success: b.outcome === 'success',
      duration,
      finished: b.createdAt + duration * 1000,
      commit: commitAt(end),
      endedAt: end,
      effectiveAt: end,
    };
  }
  const elapsed = now - start;
  let phase: BuildStateCode = 'uploading';
  for (let i = 0; i < PHASES.length; i++) {
    if (elapsed < (bounds[i + 1] ?? Infinity)) {
      phase = PHASES[i] as BuildStateCode;
      break;
    }
  }
  return { state: phase, success: null, duration: null, finished: null, commit: commitAt(now), endedAt: null, effectiveAt: now };
}

export function isFinal(state: BuildStateCode): boolean {
  return state === 'finished' || state === 'cancelled';
}

export function titleCase(code: string): string {
  return code.charAt(0).toUpperCase() + code.slice(1);
}

export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  nl: 'Dutch',
  pl: 'Polish',
  'pt-br': 'Brazilian Portuguese',
  'zh-cn': 'Simplified Chinese',
  'zh-tw': 'Traditional Chinese',
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code.toLowerCase()] ?? code;
}

/** Recursively sorts object keys, as the service's JSON renderer does. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
