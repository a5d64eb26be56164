// What `health` reads, and only reads: a handful of lists per project from Read the Docs (through
// the one client and its rate budget), and from GitHub the default branch's head and the release
// tags (each asked once per step, shared by the projects).
import { GitHubError, type GitHubRepo } from '../../github/api/client.js';
import { getBranchHead, listReleaseTags, listTagNames } from '../../github/api/rest.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { ReadTheDocsApi } from '../../readthedocs/read-the-docs.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { buildsDisabledNotice } from '../shared/builds/builds-disabled.js';
import { explainFailure } from '../shared/builds/failure-reason.js';
import { problemsToShow } from '../shared/builds/sphinx-warnings.js';
import { branchLatestTracks } from '../shared/versions/latest-branch.js';
import { compareVersions, parseVersionTag } from '../shared/versions/version-tag.js';
import { failedLastBuilds, trackingVersion, type BranchHead, type ProjectFacts } from './checks.js';
import { messageOf } from '../../util/message-of.js';

/** The project's recent builds read in one list: a version's last build is among them unless it is older. */
const BUILDS_LOOKED_AT = 100;
/** The recent builds of the version that tracks the default branch. */
const TRACKING_BUILDS = 25;
/** Failed builds whose reason is read (two requests each); others are named without it. */
const MAX_EXPLAINED = 3;

/** GitHub's side, read once per step whatever the number of projects; a string says why it could not be. */
export interface GitHubReads {
  head(branch: string): Promise<BranchHead | string>;
  releases(): Promise<string[] | string>;
}

/** The reads of GitHub, each made once; without a client, every answer says why. */
export function gitHubReads(gh: GitHubRepo | string, serverUrl: string, count: number): GitHubReads {
  const heads = new Map<string, Promise<BranchHead | string>>();
  let releases: Promise<string[] | string> | undefined;
  // The call's route template (`GET branches/{branch}`) says nothing to a user: name what was asked for.
  const why = (what: string) => (error: unknown) =>
    `GitHub could not be read (${what}): ${error instanceof GitHubError ? error.message.replace(`${error.endpoint}: `, '') : messageOf(error)}`;
  return {
    head: (branch) => {
      if (typeof gh === 'string') return Promise.resolve(gh);
      let found = heads.get(branch);
      if (!found) {
        const page = (sha: string) => `${serverUrl}/${gh.owner}/${gh.repo}/commit/${sha}`;
        found = getBranchHead(gh, branch).then(
          (head) => ({ ...head, url: page(head.sha) }),
          why(`the head of branch ${safeLine(branch, 200)}`),
        );
        heads.set(branch, found);
      }
      return found;
    },
    releases: () => {
      if (typeof gh === 'string') return Promise.resolve(gh);
      releases ??= count === 0 ? Promise.resolve([]) : releaseTags(gh, count).catch(why('the releases and tags'));
      return releases;
    },
  };
}

/** The newest release tags: GitHub's releases (drafts left out), else the tags that parse as versions, highest first. */
async function releaseTags(gh: GitHubRepo, count: number): Promise<string[]> {
  const releases = await listReleaseTags(gh, count);
  if (releases.length > 0) return releases.map((release) => release.tag);
  const versions = (await listTagNames(gh)).flatMap((tag) => {
    const parsed = parseVersionTag(tag);
    return parsed ? [{ tag, parsed }] : [];
  });
  return versions
    .sort((a, b) => compareVersions(b.parsed, a.parsed))
    .slice(0, count)
    .map((version) => version.tag);
}

/** Everything the checks read of one project. Failed builds' reasons come last: only those are explained. */
export async function readProjectFacts(
  api: ReadTheDocsApi,
  github: GitHubReads,
  project: string,
  log: ProjectLog,
  eventDefaultBranch?: string,
): Promise<ProjectFacts> {
  // `expand=permissions`: whether the token may read the notifications, known before asking them.
  const record = await api.project(project, { permissions: true });
  const versions = await api.versions(project);
  const builds = await api.recentBuilds(project, { limit: BUILDS_LOOKED_AT });
  // The branch `latest` follows: API `default_branch` may be the `master` fallback (FACTS, Versions).
  const defaultBranch =
    branchLatestTracks(versions.find((v) => v.slug === 'latest')) ?? eventDefaultBranch ?? record.default_branch ?? undefined;
  const tracking = trackingVersion({ versions, defaultBranch });
  const trackingBuilds = tracking ? await api.recentBuilds(project, { version: tracking.slug, limit: TRACKING_BUILDS }) : [];
  const notices = await disabledNotice(api, project, log, record.permissions?.admin);
  const [head, releases] = await Promise.all([
    defaultBranch ? github.head(defaultBranch) : Promise.resolve('the project names no default branch'),
    github.releases(),
  ]);
  const facts: ProjectFacts = {
    defaultBranch,
    defaultVersion: record.default_version ?? undefined,
    versioningScheme: record.versioning_scheme ?? (record.single_version === true ? 'single_version_without_translations' : undefined),
    language: record.language.code,
    documentationUrl: record.urls?.documentation ?? undefined,
    versions,
    builds,
    trackingBuilds,
    ...notices,
    head,
    releases,
    failureReasons: new Map(),
  };
  for (const build of failedLastBuilds(facts).slice(0, MAX_EXPLAINED)) {
    const findings = await explainFailure(api, build);
    const { problems } = findings.output ? problemsToShow(findings.output) : { problems: [] };
    facts.failureReasons.set(build.id, { headline: findings.headline ?? 'the service gave no reason', reason: findings.text, problems });
  }
  return facts;
}

/**
 * The project's notification saying its builds are disabled (header and body), or why it is not
 * known: the notifications are an admin's to read (FACTS), so a token that `expand=permissions`
 * says is not an admin's does not ask them; a refused or failed read says why too.
 */
async function disabledNotice(
  api: ReadTheDocsApi,
  project: string,
  log: ProjectLog,
  admin: boolean | null | undefined,
): Promise<Pick<ProjectFacts, 'buildsDisabled' | 'notificationsUnread'>> {
  if (admin === false) {
    const why = `the token is not an admin of ${project} (the project's \`permissions\`), and only an admin's token reads the project's notifications, which alone say so: give \`token\` an admin's to check it`;
    log.info(`Builds disabled or not: the project's notifications are not asked, ${why}`);
    return { buildsDisabled: undefined, notificationsUnread: why };
  }
  try {
    return { buildsDisabled: await buildsDisabledNotice(api, project) };
  } catch (error) {
    const why = `the project's notifications could not be read (an admin's token reads them): ${messageOf(error)}`;
    log.info(`Builds disabled or not: ${why}`);
    return { buildsDisabled: undefined, notificationsUnread: why };
  }
}
