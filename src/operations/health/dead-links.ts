/**
 * What `health`'s issue remembers of the dead links to other sites (`link-check-external`): since
 * when each one is dead. The dates live in the issue's body, in a hidden comment under the marker
 * (one key per project and target: a hash, so nothing a page wrote is in it), read back from the
 * issue the next run keeps, so that a link dead for three weeks says "since" the day it was first
 * found. Each run writes the dates of the dead links it found, then keeps those of the links it
 * could not judge (their site would not tell: throttled, a server error, no answer; or not asked)
 * and all those of a project it did not crawl (each key starts with its project's hash): not
 * listed, as not confirmed, but dead again on a later run they say their first day. A link that
 * works again, or is linked no more, leaves the issue and the state; the issue closes when nothing
 * is left, and its dates with it. The body is hostile (anyone who may edit the issue may write it):
 * read in linear time, bounded, and a date that is not one is ignored. Pure.
 */
import { createHash } from 'node:crypto';
import type { BrokenLink } from '../../reporting/broken-link.js';

/** A dead target, its site and the pages that link to it (the first ones, and how many in all). */
interface DeadLink {
  site: string;
  target: string;
  problem: string;
  pages: string[];
  morePages: number;
}

/** One site's dead targets, in the order they were found. */
export interface DeadSite {
  site: string;
  links: DeadLink[];
}

/** The hidden comment's opening; its JSON follows on the same line. */
const STATE_OPEN = '<!-- readthedocs-action:dead-links ';
const STATE_CLOSE = ' -->';
/**
 * Dates kept at most (a project's dead links beyond them start their date again): 34 characters
 * each, so the state takes at most 34,000 of the 65,536 GitHub holds of a body (the issue lists 50).
 */
const MAX_ENTRIES = 1_000;
/** Hex digits of a key that name its project. */
const PROJECT_KEY_LENGTH = 6;
/** What is read of a body to find the state: GitHub holds a body to 65,536 characters. */
const MAX_BODY_READ = 70_000;
/** Pages named under one dead target (the rest counted). */
const PAGES_PER_TARGET = 5;

/** The key of one project's dead target in the state: its project's {@link projectKey}, then 12 hex digits of a SHA-256. */
export function deadKey(project: string, target: string): string {
  return `${projectKey(project)}${createHash('sha256').update(`${project}\n${target}`).digest('hex').slice(0, 12)}`;
}

/** What every key of a project's targets starts with (6 hex digits of a SHA-256): a project not crawled keeps its dates by it. */
function projectKey(project: string): string {
  return createHash('sha256').update(project).digest('hex').slice(0, PROJECT_KEY_LENGTH);
}

/** The dates a body's hidden state holds, by key (ms epoch); empty when it has none or not one that reads. */
export function readSince(body: string | undefined): Map<string, number> {
  const since = new Map<string, number>();
  if (body === undefined) return since;
  const text = body.slice(0, MAX_BODY_READ);
  const start = text.indexOf(STATE_OPEN);
  if (start < 0) return since;
  const end = text.indexOf(STATE_CLOSE, start + STATE_OPEN.length);
  if (end < 0) return since;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start + STATE_OPEN.length, end));
  } catch {
    return since;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return since;
  for (const [key, value] of Object.entries(parsed)) {
    if (since.size >= MAX_ENTRIES) break;
    // A day written as `YYYY-MM-DD`, nothing else.
    if (!/^[0-9a-f]{18}$/.test(key) || typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
    const at = Date.parse(`${value}T00:00:00Z`);
    if (Number.isFinite(at)) since.set(key, at);
  }
  return since;
}

/** The hidden comment holding `since` (at most {@link MAX_ENTRIES}, the first ones), or '' when it is empty. */
export function sinceComment(since: ReadonlyMap<string, number>): string {
  if (since.size === 0) return '';
  const entries = [...since].slice(0, MAX_ENTRIES).map(([key, at]) => [key, new Date(at).toISOString().slice(0, 10)]);
  return `${STATE_OPEN}${JSON.stringify(Object.fromEntries(entries))}${STATE_CLOSE}`;
}

/** When each of a project's dead targets was first found: the previous state's day, else `now`. Keys as {@link deadKey}. */
export function sinceOfDead(
  project: string,
  sites: readonly DeadSite[],
  previous: ReadonlyMap<string, number>,
  now: number,
): Map<string, number> {
  const since = new Map<string, number>();
  for (const site of sites)
    for (const link of site.links) {
      const key = deadKey(project, link.target);
      since.set(key, previous.get(key) ?? now);
    }
  return since;
}

/** One project's part of a run: its dead targets (confirmed), and the targets the run could not judge. */
export interface DeadOfProject {
  project: string;
  sites: readonly DeadSite[];
  unjudged: readonly string[];
}

/**
 * The state a run writes: each dead target's first day ({@link sinceOfDead}), then the day the
 * previous state had for each target the run could not judge (kept, not listed), then every day
 * the previous state had for the projects whose links this run did not crawl (`notCrawled`: its
 * root could not be read, or the check was off), which the run can tell nothing about. The dead
 * ones come first, so that {@link sinceComment}'s bound keeps them before the others.
 */
export function sinceOfRun(
  projects: readonly DeadOfProject[],
  previous: ReadonlyMap<string, number>,
  now: number,
  notCrawled: readonly string[] = [],
): Map<string, number> {
  const since = new Map<string, number>();
  for (const { project, sites } of projects) for (const [key, at] of sinceOfDead(project, sites, previous, now)) since.set(key, at);
  for (const { project, unjudged } of projects)
    for (const target of unjudged) {
      const key = deadKey(project, target);
      const at = previous.get(key);
      if (at !== undefined) since.set(key, at);
    }
  const untouched = new Set(notCrawled.map(projectKey));
  for (const [key, at] of previous) if (untouched.has(key.slice(0, PROJECT_KEY_LENGTH)) && !since.has(key)) since.set(key, at);
  return since;
}

/** Broken links to other sites grouped by site, then by target (each target once, with the pages linking to it). */
export function deadSites(broken: readonly BrokenLink[]): DeadSite[] {
  const sites = new Map<string, Map<string, DeadLink>>();
  for (const link of broken) {
    if (!link.external) continue;
    const site = siteOf(link.target);
    const targets = sites.get(site) ?? new Map<string, DeadLink>();
    sites.set(site, targets);
    const dead = targets.get(link.target) ?? { site, target: link.target, problem: link.problem, pages: [], morePages: 0 };
    targets.set(link.target, dead);
    if (dead.pages.includes(link.page)) continue;
    if (dead.pages.length < PAGES_PER_TARGET) dead.pages.push(link.page);
    else dead.morePages += 1;
  }
  return [...sites].map(([site, targets]) => ({ site, links: [...targets.values()] }));
}

/** The host a target is on (its whole text when it is no URL). */
function siteOf(target: string): string {
  return URL.canParse(target) ? new URL(target).host : target;
}
