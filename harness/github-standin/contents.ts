// Repository contents: a file's text at a commit (`?ref=`), base64 in lines of 60 as GitHub sends it.
import { json, notFound } from './replies.ts';
import type { Reply } from './replies.ts';
import type { Ctx, Route } from './router.ts';
import type { GitHubStore } from './store.ts';

export class ContentResources {
  private readonly store: GitHubStore;

  constructor(store: GitHubStore) {
    this.store = store;
  }

  set(ref: string, path: string, content: string): void {
    this.store.files.set(`${ref}:${path}`, content);
  }

  routes(): Route[] {
    return [{ pattern: /^\/contents\/(.+)$/, methods: { GET: (c, m) => this.get(c, decodeURIComponent(m[1]!)) } }];
  }

  private get(ctx: Ctx, path: string): Reply {
    const ref = ctx.url.searchParams.get('ref') ?? 'HEAD';
    const content = this.store.files.get(`${ref}:${path}`);
    if (content === undefined) return notFound();
    return json(200, {
      type: 'file',
      encoding: 'base64',
      path,
      name: path.split('/').at(-1),
      size: content.length,
      content: Buffer.from(content)
        .toString('base64')
        .replace(/(.{60})/g, '$1\n'),
    });
  }
}
