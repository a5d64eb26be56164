// Routing as the service's Django/DRF stack does it: the first matching pattern wins; an
// unslashed path that resolves once slashed is redirected (APPEND_SLASH); then authentication,
// permissions (a token's, then a project admin's: `Route.admin`), throttling and the handler (a
// 405 included), in that order.
import { DJANGO_404, detail, html } from './replies.ts';
import type { Reply } from './replies.ts';
import { Throttle, throttled } from './throttle.ts';
import type { RateLimit } from './model.ts';

export interface Ctx {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  /** Valid token, or null when anonymous. */
  token: string | null;
  now: number;
}

type Handler = (ctx: Ctx, m: RegExpMatchArray) => Reply;

export interface Route {
  pattern: RegExp;
  methods: Record<string, Handler>;
  /** Every method needs a token (env vars, the projects list). */
  tokenOnly?: boolean;
  /** Django view outside DRF: no auth, no throttle. */
  plain?: boolean;
  /** A DRF view without throttle classes (API v2): authenticated, never throttled. */
  unthrottled?: boolean;
  /**
   * `IsProjectAdmin`: every method (`all`: notifications, redirects, environment variables) or the
   * writes only (`writes`: PATCH, triggers, sync-versions, subprojects) need a token whose user
   * administers the project; another valid token gets 403 (the fixture `error-403-permission-denied`).
   */
  admin?: 'all' | 'writes';
}

/** `^/api/v3/projects/<slug>`; the slug is the first capture group. */
export const PROJECT = '^/api/v3/projects/([-a-zA-Z0-9_]+)';
/** A project slug as a further capture group (subproject aliases). */
export const SLUG = '([-a-zA-Z0-9_]+)';
/** A version slug as a capture group (dots allowed). */
export const VSLUG = '([-._a-zA-Z0-9]+)';

export interface RouterOptions {
  clock: () => number;
  tokens: Set<string>;
  /** Per token; null turns all throttling off. */
  rateLimit: RateLimit | null;
  /** Per IP for anonymous callers; null turns it off. */
  anonymousRateLimit: RateLimit | null;
  /** Whether a valid token's user administers the projects (see `Route.admin`). */
  isAdmin: (token: string) => boolean;
}

export class Router {
  private readonly routes: Route[];
  private readonly options: RouterOptions;
  private readonly throttle = new Throttle();

  constructor(routes: Route[], options: RouterOptions) {
    this.routes = routes;
    this.options = options;
  }

  process(method: string, url: URL, headers: Record<string, string>, body: string, path: string, ip: string): Reply {
    let found: { route: Route; match: RegExpMatchArray } | null = null;
    for (const route of this.routes) {
      const match = path.match(route.pattern);
      if (match) {
        found = { route, match };
        break;
      }
    }
    if (!found) {
      // Django's CommonMiddleware: APPEND_SLASH redirects when the slashed path resolves.
      if (!path.endsWith('/') && this.routes.some((r) => r.pattern.test(`${path}/`))) {
        return { status: 301, headers: { location: `${path}/${url.search}`, 'content-type': 'text/html; charset=utf-8' }, body: '' };
      }
      return html(404, DJANGO_404);
    }
    const { route, match } = found;
    const now = this.options.clock();
    const ctx: Ctx = { method, path, params: url.searchParams, headers, body, token: null, now };
    if (route.plain) {
      const h = route.methods[method];
      return h ? h(ctx, match) : html(405, '');
    }

    // DRF order: authentication, permissions, throttling, then the handler (405 included).
    const auth = this.authenticate(headers['authorization']);
    if (typeof auth !== 'string' && auth !== null) return auth;
    ctx.token = auth;
    const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
    if (ctx.token === null && (route.tokenOnly || !safe)) {
      return detail(401, 'Authentication credentials were not provided.', { 'www-authenticate': 'Token' });
    }
    if (ctx.token !== null && (route.admin === 'all' || (route.admin === 'writes' && !safe)) && !this.options.isAdmin(ctx.token)) {
      return detail(403, 'You do not have permission to perform this action.');
    }
    const { rateLimit, anonymousRateLimit } = this.options;
    if (rateLimit && !route.unthrottled) {
      const limit = ctx.token === null ? anonymousRateLimit : rateLimit;
      if (limit) {
        const key = ctx.token === null ? `ip:${ip}` : `token:${ctx.token}`;
        const wait = this.throttle.check(key, limit.limit, limit.windowMs, now);
        if (wait !== null) return throttled(wait);
      }
    }
    const handler = route.methods[method === 'HEAD' ? 'GET' : method];
    if (!handler) {
      return detail(405, `Method "${method}" not allowed.`, { allow: Object.keys(route.methods).join(', ') });
    }
    return handler(ctx, match);
  }

  /** Returns the valid token, null for anonymous, or a 401 reply. */
  private authenticate(header: string | undefined): string | null | Reply {
    if (!header) return null;
    const parts = header.trim().split(/\s+/);
    if ((parts[0] ?? '').toLowerCase() !== 'token') return null;
    const challenge = { 'www-authenticate': 'Token' };
    if (parts.length === 1) return detail(401, 'Invalid token header. No credentials provided.', challenge);
    if (parts.length > 2) return detail(401, 'Invalid token header. Token string should not contain spaces.', challenge);
    const key = parts[1] ?? '';
    return this.options.tokens.has(key) ? key : detail(401, 'Invalid token.', challenge);
  }
}
