/**
 * `link-check` in `health`: the default version crawled from its root, within that version (at
 * most `link-check-pages` pages), every link, image and anchor of the pages read checked. Its row
 * of the report is a problem with `fail` (so the issue names the links, and closes once they are
 * fixed); with `warn` the broken links are warnings and the row stays ok. Either way the row
 * carries every broken link (`results`, the job summary's list grouped by page, the issue's). A
 * crawl that left more links not checked than checked (an endless site, a throttled host, its
 * time spent) is *partial*: it vouches for nothing, so its row is never ok (a problem with `fail`,
 * not checked with `warn`), and an issue about the links stays open.
 */
import { type BrokenLink, byPage, countKinds, kindWords } from '../../reporting/broken-link.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { plainUrl } from '../../reporting/output-values.js';
import type { OperationContext } from '../types.js';
import { plural } from '../../util/plural.js';
import { failsAt } from '../gates.js';
import { annotateBroken, checkLinks, type LinkAnswers, type LinkReport } from '../shared/links/link-checker.js';
import { apartCounts, throttleNote } from '../shared/links/link-counts.js';
import { failingLinks, linkLevels } from '../shared/links/levels.js';
import { globList } from '../shared/links/resolve-link.js';
import type { CheckRow, ProjectFacts } from './checks.js';

/** Distinct targets asked at most in one crawl (the rest counted as not checked). */
const MAX_SWEEP_TARGETS = 5_000;
/** The whole crawl's time (and the step's deadline): at the docs host's pace of 4 requests a second, about 1,200 pages and targets. */
const SWEEP_BUDGET_MS = 300_000;
const SINGLE_VERSION = 'single_version_without_translations';
/** What a partial crawl's row says after its counts. */
const PARTIAL =
  'more links were left unchecked than checked, so this crawl does not vouch for the links: ' +
  'crawl fewer pages (`link-check-pages`) or leave an endless part out (`link-check-ignore`)';

/** The `links work` row of a project, or none with `link-check: off` (the default for `health`). */
export async function linkSweepRows(
  ctx: OperationContext,
  facts: Pick<ProjectFacts, 'versions' | 'defaultVersion' | 'versioningScheme'>,
  log: ProjectLog,
  /** The run's answers, shared by its projects: a target two projects link to is fetched once. */
  answers: LinkAnswers,
): Promise<CheckRow[]> {
  const levels = linkLevels(ctx.inputs, 'health');
  if (levels.links === 'off') return [];
  const slug = facts.defaultVersion ?? 'latest';
  const version = facts.versions.find((candidate) => candidate.slug === slug);
  const documentation = version?.urls?.documentation ?? undefined;
  const root = documentation === undefined ? undefined : plainUrl(documentation);
  if (root === undefined) {
    return [row('unknown', slug, 'the default version has no documentation address to crawl (not built, or not an http(s) URL)')];
  }
  log.info(`Crawling ${root} for broken links (at most ${ctx.inputs.linkCheckPages} pages)`);
  const base = root.endsWith('/') ? root : `${root}/`;
  const report = await checkLinks(ctx, {
    root: base,
    singleVersion: facts.versioningScheme === SINGLE_VERSION,
    pages: [base],
    crawl: true,
    maxPages: ctx.inputs.linkCheckPages,
    maxTargets: MAX_SWEEP_TARGETS,
    external: ctx.inputs.linkCheckExternal,
    accept: ctx.inputs.linkCheckAccept,
    externalRecheckMs: ctx.inputs.linkCheckRecheck,
    anchors: levels.anchors !== 'off',
    ignore: globList(ctx.inputs.linkCheckIgnore),
    budgetMs: SWEEP_BUDGET_MS,
    answers,
    // The live version's own search index answers the targets it lists that the crawl did not read (site-index.ts).
    index: {},
  });
  if (report.pages === 0) return [row('unknown', slug, unreadRoot(root, report))];
  const note = throttleNote(report);
  const checked = [`${plural(report.checked, 'link')} checked`, `${report.notChecked} not checked`, ...apartCounts(report)].join(', ');
  // More links left than checked: the crawl vouches for nothing.
  const partial = report.notChecked > report.checked;
  const counts = `${checked}${note === '' ? '' : `; ${note}`}${partial ? `; ${PARTIAL}` : ''}`;
  const own = report.broken.filter((link) => !link.external);
  const failing = failingLinks(own, levels);
  const warned = own.filter((link) => !failing.includes(link));
  annotateBroken({ annotations: ctx.log, story: log }, warned);
  // Every broken link in `results` (the row's), the job summary's list and the issue's come from it.
  const broken = own.length === 0 ? {} : { broken: own };
  const read = `${partial ? 'partial: ' : ''}${plural(report.pages, 'page')}`;
  const others = ctx.inputs.linkCheckExternal ? [otherSitesRow(ctx, { report, slug, fail: failsAt(levels.links), log })] : [];
  if (failing.length === 0) {
    const told = warned.length === 0 ? '' : `; ${brokenWords(warned)}, told as warnings (\`link-check: warn\`)`;
    const state = !partial ? 'ok' : failsAt(levels.links) ? 'problem' : 'unknown';
    return [{ ...row(state, slug, `${read} read, ${counts}${told}`), ...broken }, ...others];
  }
  const pages = byPage(failing).length;
  const also = warned.length === 0 ? '' : `, and ${plural(warned.length, 'more broken link')} told as warnings`;
  return [{ ...row('problem', slug, `${brokenWords(failing)} on ${pages} of the ${read} read${also}; ${counts}`), ...broken }, ...others];
}

/**
 * `links to other sites` (with `link-check-external`): the links whose site says they are gone
 * (404, 410, another client error `link-check-accept` does not accept) or that is not there, each
 * confirmed by a second ask later in the run (link-judge.ts). A problem with `link-check: fail`, so
 * that the issue lists them by site with since when each is dead; warnings with `warn`. A site
 * that would not tell (throttled, a server error, no answer) is counted, never dead.
 */
function otherSitesRow(ctx: OperationContext, args: { report: LinkReport; slug: string; fail: boolean; log: ProjectLog }): CheckRow {
  const dead = args.report.broken.filter((link) => link.external);
  const unavailable =
    args.report.unavailable === 0
      ? ''
      : `; ${plural(args.report.unavailable, 'link')} not checked: the site was unavailable (throttled, a server error or no answer), never dead`;
  const unjudged = [...args.report.unjudged];
  // The targets not judged: a dead one the issue listed keeps its first day through a run that could not tell.
  const untold = unjudged.length === 0 ? {} : { unjudged };
  if (dead.length === 0) return { ...otherRow('ok', args.slug, `no dead link to another site${unavailable}`), ...untold };
  const sites = new Set(dead.map((link) => (URL.canParse(link.target) ? new URL(link.target).host : link.target))).size;
  const targets = new Set(dead.map((link) => link.target)).size;
  const found = `${plural(targets, 'dead link')} to ${plural(sites, 'other site')}, on ${plural(byPage(dead).length, 'page')}`;
  if (args.fail) return { ...otherRow('problem', args.slug, `${found}${unavailable}`), broken: dead, ...untold };
  annotateBroken({ annotations: ctx.log, story: args.log }, dead);
  return { ...otherRow('ok', args.slug, `${found}, told as warnings (\`link-check: warn\`)${unavailable}`), broken: dead, ...untold };
}

/** "5 broken links (2 to pages, 2 to anchors, 1 to an image)". */
function brokenWords(links: readonly BrokenLink[]): string {
  return `${plural(links.length, 'broken link')} (${kindWords(countKinds(links))})`;
}

/**
 * Why the root gave no page to read: only an HTML page that answered 200 is read, so nothing is
 * said of the links. FACTS (Docs hosts): private docs answer 401 without a sharing token, which the
 * API token is not; a throttled or blocked runner meets 429 or a 403 (a challenge).
 */
function unreadRoot(root: string, report: LinkReport): string {
  const answer = report.unread[0];
  const status = answer?.status;
  const start = `the root ${root}`;
  if (status === 401)
    return (
      `${start} answered 401: the docs are private, and private docs open only to a sharing token ` +
      "(the project's Sharing settings), which this action does not send; the API token does not open them, so the links are not checked"
    );
  if (answer?.refused === 'challenged') return `${start} answered 403 with a challenge: the docs host's bot protection blocked this runner`;
  if (status === 429 || answer?.refused === 'throttled')
    return `${start} ${status === undefined ? 'was throttled' : `answered ${status}`}: the docs host throttled this runner (it asks for at most 4 requests a second)`;
  if (status === 403) return `${start} answered 403: the docs host blocked this runner, or the docs are not public`;
  if (status === 404) return `${start} answered 404: the default version has no page there (not built, or its root is elsewhere)`;
  if (status === 200) return `${start} answered 200 with no HTML page to read`;
  if (status !== undefined) return `${start} answered ${status}: no page was read`;
  return `${start} could not be read (no answer in time)`;
}

function row(state: CheckRow['state'], subject: string, details: string): CheckRow {
  return { check: 'links work', state, subject, details, links: [] };
}

function otherRow(state: CheckRow['state'], subject: string, details: string): CheckRow {
  return { check: 'links to other sites', state, subject, details, links: [] };
}
