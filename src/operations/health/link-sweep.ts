/**
 * `link-check` in `health`: the default version crawled from its root, within that version (at
 * most `link-check-pages` pages), every link, image and anchor of the pages read checked. Its row
 * of the report is a problem with `fail` (so the issue names the links, and closes once they are
 * fixed); with `warn` the broken links are warnings and the row stays ok.
 */
import { brokenLinkText } from '../../reporting/broken-link.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { plainUrl } from '../../reporting/output-values.js';
import type { OperationContext } from '../types.js';
import { annotateBroken, checkLinks, type LinkAnswers } from '../shared/links/link-checker.js';
import { failingLinks, linkLevels } from '../shared/links/levels.js';
import { globList } from '../shared/links/resolve-link.js';
import type { CheckRow, ProjectFacts } from './checks.js';

/** Distinct targets asked at most in one crawl (the rest counted as not checked). */
const MAX_SWEEP_TARGETS = 5_000;
/** The whole crawl's time (and the step's deadline). */
const SWEEP_BUDGET_MS = 120_000;
/** Broken links the row's details name; its reason (the block) lists more. */
const MAX_IN_DETAILS = 5;
const MAX_IN_REASON = 200;

/** The `links work` row of a project, or none with `link-check: off` (the default for `health`). */
export async function linkSweepRows(
  ctx: OperationContext,
  facts: Pick<ProjectFacts, 'versions' | 'defaultVersion'>,
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
    pages: [base],
    crawl: true,
    maxPages: ctx.inputs.linkCheckPages,
    maxTargets: MAX_SWEEP_TARGETS,
    external: ctx.inputs.linkCheckExternal,
    anchors: levels.anchors !== 'off',
    ignore: globList(ctx.inputs.linkCheckIgnore),
    budgetMs: SWEEP_BUDGET_MS,
    answers,
  });
  const counts = `${report.pages} page(s) read, ${report.checked} link(s) checked, ${report.notChecked} not checked`;
  if (report.pages === 0) return [row('unknown', slug, `the root ${root} could not be read`)];
  const failing = failingLinks(report.broken, levels);
  const warned = report.broken.filter((link) => !failing.includes(link));
  annotateBroken(log, warned);
  if (failing.length === 0) {
    const note = warned.length === 0 ? '' : `; ${warned.length} broken, told as warnings (\`link-check: warn\`)`;
    return [row('ok', slug, `${counts}${note}`)];
  }
  const lines = failing.map(brokenLinkText);
  const shown = lines.slice(0, MAX_IN_DETAILS).join('; ');
  const more = failing.length > MAX_IN_DETAILS ? `; and ${failing.length - MAX_IN_DETAILS} more` : '';
  return [
    {
      ...row('problem', slug, `${failing.length} broken link(s): ${shown}${more} (${counts})`),
      reason: [
        ...lines.slice(0, MAX_IN_REASON),
        ...(lines.length > MAX_IN_REASON ? [`… and ${lines.length - MAX_IN_REASON} more (every one in the \`results\` output)`] : []),
      ].join('\n'),
    },
  ];
}

function row(state: CheckRow['state'], subject: string, details: string): CheckRow {
  return { check: 'links work', state, subject, details, links: [] };
}
