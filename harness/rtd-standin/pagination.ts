// Pagination as DRF writes it: LimitOffsetPagination for API v3 lists, with `next`/`previous`
// links whose query parameters are sorted by name.

/** Query string with parameters sorted by name, as DRF's replace_query_param writes it. */
export function sortedQuery(params: URLSearchParams): string {
  const pairs = [...params.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}

function positiveInt(raw: string | null, strict: boolean): number | null {
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return null;
  const n = Number.parseInt(raw, 10);
  if (strict && n === 0) return null;
  return n;
}

/** DRF LimitOffsetPagination (default limit 10, no maximum, invalid values fall back silently). */
export function paginate<T>(items: T[], origin: string, path: string, params: URLSearchParams, render: (item: T) => unknown): unknown {
  const limit = positiveInt(params.get('limit'), true) ?? 10;
  const offset = positiveInt(params.get('offset'), false) ?? 0;
  const count = items.length;
  const page = items.slice(offset, offset + limit).map(render);
  const link = (p: URLSearchParams): string => {
    const q = sortedQuery(p);
    return `${origin}${path}${q ? `?${q}` : ''}`;
  };
  let next: string | null = null;
  if (offset + limit < count) {
    const p = new URLSearchParams(params);
    p.set('limit', String(limit));
    p.set('offset', String(offset + limit));
    next = link(p);
  }
  let previous: string | null = null;
  if (offset > 0) {
    const p = new URLSearchParams(params);
    p.set('limit', String(limit));
    if (offset - limit <= 0) p.delete('offset');
    else p.set('offset', String(offset - limit));
    previous = link(p);
  }
  return { count, next, previous, results: page };
}
