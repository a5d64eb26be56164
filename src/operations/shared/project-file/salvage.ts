// A project file whose shape is wrong in places still has its other parts checked, so that every
// problem is reported in one run, not the shape's first and the service's rules on the next: the
// parts the schema refuses are set aside here, and the rules run on the rest. And the keys the
// format has at a place of the file, for "did you mean" on an unknown one.
import type { Segment } from './file-rules.js';

/** What this file needs of a zod schema's definition: the kind of node, and what it holds. */
interface SchemaDef {
  type: string;
  innerType?: { _zod: { def: SchemaDef } };
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
  element?: { _zod: { def: SchemaDef } };
  valueType?: { _zod: { def: SchemaDef } };
  in?: { _zod: { def: SchemaDef } };
}

/** One refusal of the schema: where, and for an unknown key, which keys. */
export interface ShapeIssue {
  code: string;
  path: readonly PropertyKey[];
  keys?: readonly string[];
}

/** The keys the format has for the object at `path` (through optionals, lists and maps); none when it is no object. */
export function keysAt(schema: { _zod: { def: unknown } }, path: readonly Segment[]): string[] {
  let def: SchemaDef | undefined = schema._zod.def as SchemaDef;
  const unwrap = () => {
    while (def && (def.type === 'optional' || def.type === 'pipe' || def.type === 'nullable')) def = (def.innerType ?? def.in)?._zod.def;
  };
  for (const segment of path) {
    unwrap();
    if (!def) return [];
    if (def.type === 'object') def = def.shape?.[String(segment)]?._zod.def;
    else if (def.type === 'array') def = def.element?._zod.def;
    else if (def.type === 'record') def = def.valueType?._zod.def;
    else return [];
  }
  unwrap();
  return def?.type === 'object' ? Object.keys(def.shape ?? {}) : [];
}

/** The lists whose items the rules count and compare: an item refused keeps its place as a stand-in. */
const LISTS: Record<string, (index: number) => unknown> = {
  // A path pair no other redirect has and no rule refuses.
  redirects: (index) => ({ type: 'page', from: `/set-aside-${index}`, to: `/set-aside-${index}-target` }),
  subprojects: (index) => ({ child: `set-aside-${index}` }),
};

/** How many rounds of setting aside before giving up (each removes what the last parse refused). */
const ROUNDS = 3;

/**
 * The document with what the schema refuses set aside: unknown keys removed, a refused value's key
 * removed, a refused item of `redirects` or `subprojects` replaced by a stand-in that keeps the
 * others' indices (their lines). Parsed again until it passes, at most `ROUNDS` times; undefined when
 * it still does not (or the document itself is no map).
 */
export function setAside<T>(
  data: unknown,
  issues: readonly ShapeIssue[],
  parse: (data: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly ShapeIssue[] } },
): T | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const copy = structuredClone(data) as Record<string, unknown>;
  let refused = issues;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const issue of refused) {
      if (!removeAt(copy, issue)) return undefined;
    }
    const again = parse(copy);
    if (again.success) return again.data;
    refused = again.error.issues;
  }
  return undefined;
}

/** Sets aside what one issue refuses; false when it is the whole document. */
function removeAt(root: Record<string, unknown>, issue: ShapeIssue): boolean {
  const path = issue.path.filter((segment): segment is string | number => typeof segment !== 'symbol');
  // An item of a list the rules compare is set aside whole, keeping its place: with a key removed
  // (`form` for `from`), the rules would only say again what is wrong with it ("needs `from`").
  if (standInFor(root, path)) return true;
  if (issue.code === 'unrecognized_keys') {
    const holder = nodeAt(root, path);
    if (holder !== null && typeof holder === 'object') for (const key of issue.keys ?? []) delete (holder as Record<string, unknown>)[key];
    return true;
  }
  if (path.length === 0) return false;
  const key = path.at(-1)!;
  const holder = nodeAt(root, path.slice(0, -1));
  if (Array.isArray(holder)) {
    // An item of another list (`tags`): the whole list goes, with the key that holds it.
    return path.length > 1 ? removeAt(root, { code: 'custom', path: path.slice(0, -1) }) : false;
  }
  if (holder !== null && typeof holder === 'object') delete (holder as Record<string, unknown>)[String(key)];
  return true;
}

/** Replaces the item of `redirects` or `subprojects` that `path` is in by its stand-in; false when it is in none. */
function standInFor(root: Record<string, unknown>, path: readonly (string | number)[]): boolean {
  for (let at = 1; at < path.length; at += 1) {
    const list = LISTS[String(path[at - 1])];
    const index = path[at];
    const holder = nodeAt(root, path.slice(0, at));
    if (list && typeof index === 'number' && Array.isArray(holder)) {
      holder[index] = list(index);
      return true;
    }
  }
  return false;
}

/** The node at `path`, or undefined. */
function nodeAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
