/**
 * The project's redirects beside `preview`'s link check: a PR preview host never applies them
 * (FACTS, *Docs hosts*), so a changed page's link to an old address that production redirects
 * answers 404 on the preview. Such a link is not broken: it is set apart as a note naming the
 * redirect that keeps it working, never failing the step. The redirects are the project's own
 * on the service (as `apply` reads them), read once per project and matched by the redirect
 * guard's one matcher (`coveringRule`).
 */
import type { BrokenLink } from '../../reporting/broken-link.js';
import type { ProjectLog } from '../../reporting/project-log.js';
import { messageOf } from '../../util/message-of.js';
import { safeLine } from '../../util/untrusted-text.js';
import type { LinkReport } from '../shared/links/link-checker.js';
import { redirectMatcher, type ProjectRedirects } from './redirect-check.js';
import type { RedirectRule } from './redirect-guard.js';
import { forCount, plural } from '../../util/plural.js';

/** A link that answers 404 on the preview but that one of the project's redirects sends on in production. */
export interface RedirectedLink extends BrokenLink {
  /** The redirect that covers the target, as the service holds it. */
  redirect: { type: string; from: string; to?: string };
}

/** The preview's link report: the broken links, and apart those a redirect of the project keeps working. */
export interface PreviewLinkReport extends LinkReport {
  redirected: RedirectedLink[];
}

/** Notes told in the log, one line each (the job summary and `results` have them all). */
const MAX_LOGGED = 50;
/** A redirect's `from` or `to` as shown: the service stores at most 255 characters. */
const MAX_SHOWN = 300;

/**
 * `report` with its missing pages and images that a redirect of the project covers set apart as
 * {@link RedirectedLink}s. Only those problems can be a redirect's (the service redirects a path
 * that would answer 404); another site's links are never the project's. Without `token` (the
 * redirects are a maintainer's to read), or when they cannot be read, every broken link stays.
 */
export async function setRedirectedApart(
  log: ProjectLog,
  report: LinkReport,
  args: { redirects: ProjectRedirects; token: boolean },
): Promise<PreviewLinkReport> {
  const candidates = report.broken.filter(mayBeRedirected);
  if (candidates.length === 0) return { ...report, redirected: [] };
  if (!args.token) {
    log.info(
      `${plural(candidates.length, 'missing target')} may work in production through a redirect: the project's redirects are not read without \`token\``,
    );
    return { ...report, redirected: [] };
  }
  let covering: (path: string) => RedirectRule | undefined;
  try {
    covering = await redirectMatcher(args.redirects);
  } catch (error) {
    log.info(safeLine(`The project's redirects could not be read (${messageOf(error)}): every missing target stays broken`));
    return { ...report, redirected: [] };
  }
  const broken: BrokenLink[] = [];
  const redirected: RedirectedLink[] = [];
  for (const link of report.broken) {
    const rule = mayBeRedirected(link) ? covering(`/${pathOf(link.target)}`) : undefined;
    if (rule === undefined) broken.push(link);
    else redirected.push({ ...link, redirect: { type: rule.type, from: rule.from, ...(rule.to === undefined ? {} : { to: rule.to }) } });
  }
  for (const link of redirected.slice(0, MAX_LOGGED)) log.info(safeLine(`${link.page} → ${link.target}: ${redirectedNote(link)}`, 1000));
  if (redirected.length > 0)
    log.info(
      `${plural(redirected.length, 'link')} ${forCount(redirected.length, 'answers', 'answer')} 404 on the preview, which applies no redirects, ` +
        `but ${forCount(redirected.length, 'works', 'work')} in production through the project's redirects`,
    );
  return { ...report, broken, redirected };
}

/** What the log says of a redirected link: `works in production through the page redirect /old.html → /new.html`. */
function redirectedNote(link: Pick<RedirectedLink, 'redirect'>): string {
  const { type, from, to } = link.redirect;
  const target = to === undefined || to === '' ? '' : ` → ${safeLine(to, MAX_SHOWN)}`;
  return `works in production through the ${safeLine(type, 40)} redirect ${safeLine(from || '/', MAX_SHOWN)}${target}`;
}

/** A missing page or image of the version's own: what a redirect of the project may send on. */
function mayBeRedirected(link: BrokenLink): boolean {
  return !link.external && (link.problem === 'missing page' || link.problem === 'missing image');
}

/** A target below the version's root without its fragment (`guide/old.html#setup` → `guide/old.html`; the root is `/`). */
function pathOf(target: string): string {
  const hash = target.indexOf('#');
  const path = hash === -1 ? target : target.slice(0, hash);
  return path === '/' ? '' : path;
}
