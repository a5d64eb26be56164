// Environment variables: token-only list/create/detail/delete; values are never shown; a create
// over the project's 256 KB total is refused as the service refuses it.
import { iso } from './model.ts';
import type { EnvVarData } from './model.ts';
import { detail, empty, json, parseBody, parseBool } from './replies.ts';
import type { Reply } from './replies.ts';
import { PROJECT } from './router.ts';
import type { Ctx, Route } from './router.ts';
import type { Store } from './store.ts';

const MAX_ENV_TOTAL = 256_000;

export class EnvVarResources {
  private readonly store: Store;
  private readonly env: EnvVarData[] = [];
  private nextPk = 1;

  constructor(store: Store) {
    this.store = store;
  }

  records(project: string): { pk: number; name: string; value: string; public: boolean | null }[] {
    return this.env.filter((e) => e.project === project).map((e) => ({ pk: e.pk, name: e.name, value: e.value, public: e.public }));
  }

  add(project: string, v: { name: string; value: string; public?: boolean | null }): number {
    this.store.requireProject(project);
    const e: EnvVarData = {
      pk: this.nextPk++,
      project,
      name: v.name,
      value: v.value,
      public: v.public === undefined ? false : v.public,
      createdAt: this.store.clock(),
    };
    this.env.push(e);
    return e.pk;
  }

  routes(): Route[] {
    return [
      {
        pattern: new RegExp(`${PROJECT}/environmentvariables/$`),
        tokenOnly: true,
        admin: 'all',
        methods: { GET: (c, m) => this.list(c, m[1] ?? ''), POST: (c, m) => this.create(c, m[1] ?? '') },
      },
      {
        pattern: new RegExp(`${PROJECT}/environmentvariables/(\\d+)/$`),
        tokenOnly: true,
        admin: 'all',
        methods: {
          GET: (c, m) => this.detail(c, m[1] ?? '', Number(m[2])),
          DELETE: (c, m) => this.delete(c, m[1] ?? '', Number(m[2])),
        },
      },
    ];
  }

  private json(e: EnvVarData): Record<string, unknown> {
    return {
      _links: {
        _self: this.store.api(`projects/${e.project}/environmentvariables/${e.pk}/`),
        project: this.store.api(`projects/${e.project}/`),
      },
      created: iso(e.createdAt),
      modified: iso(e.createdAt),
      name: e.name,
      pk: e.pk,
      project: e.project,
      public: e.public,
    };
  }

  private list(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    return this.store.list(ctx, p ? this.env.filter((e) => e.project === p.slug) : [], (e) => this.json(e));
  }

  private create(ctx: Ctx, slug: string): Reply {
    const p = this.store.visibleProject(slug, ctx);
    if (!p) return detail(404, 'No Project matches the given query.');
    const parsed = parseBody(ctx.body, ctx.headers['content-type']);
    if (!parsed.ok) return parsed.reply;
    const fields = parsed.data;
    const errors: Record<string, string[]> = {};
    const text = (name: string, max: number): string => {
      const raw = fields[name];
      if (raw === undefined || raw === null) {
        errors[name] = ['This field is required.'];
        return '';
      }
      if (typeof raw !== 'string' && typeof raw !== 'number') {
        errors[name] = ['Not a valid string.'];
        return '';
      }
      const s = String(raw);
      if (name === 'name' && s.trim() === '') errors[name] = ['This field may not be blank.'];
      else if (s.length > max) errors[name] = [`Ensure this field has no more than ${max} characters.`];
      return s;
    };
    const name = text('name', 128);
    const value = text('value', 48_000);
    let isPublic = false;
    if (fields['public'] !== undefined) {
      const raw = fields['public'];
      const parsed = typeof raw === 'boolean' ? raw : typeof raw === 'string' ? parseBool(raw) : null;
      if (parsed === null) errors['public'] = ['Must be a valid boolean.'];
      else isPublic = parsed;
    }
    if (Object.keys(errors).length > 0) return json(400, errors);
    const total = this.env.filter((e) => e.project === p.slug).reduce((n, e) => n + e.value.length, 0) + value.length;
    if (total > MAX_ENV_TOTAL) {
      return json(400, ['The total size of all environment variables in the project cannot exceed 256 KB.']);
    }
    const e: EnvVarData = { pk: this.nextPk++, project: p.slug, name, value, public: isPublic, createdAt: ctx.now };
    this.env.push(e);
    return json(201, this.json(e));
  }

  private detail(ctx: Ctx, slug: string, pk: number): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const e = p ? this.env.find((x) => x.project === p.slug && x.pk === pk) : undefined;
    if (!e) return detail(404, 'No EnvironmentVariable matches the given query.');
    return json(200, this.json(e));
  }

  private delete(ctx: Ctx, slug: string, pk: number): Reply {
    const p = this.store.visibleProject(slug, ctx);
    const i = p ? this.env.findIndex((x) => x.project === p.slug && x.pk === pk) : -1;
    if (i < 0) return detail(404, 'No EnvironmentVariable matches the given query.');
    this.env.splice(i, 1);
    return empty(204);
  }
}
