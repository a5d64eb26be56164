// The part of jq the docs use, evaluated in JS so that the documented filters run on a machine
// without jq (CI is a fresh Debian with npm only): stages joined by `|`, each a path (`.`, `.name`,
// `.[]`, `.[0]`, chained) or a string with `\(path)` interpolations. Anything else throws, naming
// the filter: a new filter in the docs either stays in this subset or extends it.

/** What a filter gave: its values, and every value a path inside a string interpolated (jq prints `null` there). */
export interface JqOutput {
  values: unknown[];
  interpolated: unknown[];
}

type Step = { kind: 'field'; name: string } | { kind: 'each' } | { kind: 'index'; index: number };

/** `.a.b[]`, `.[0].docsUrl`, `.` as steps; undefined when `text` is not such a path. */
function pathSteps(text: string): Step[] | undefined {
  if (!text.startsWith('.')) return undefined;
  const steps: Step[] = [];
  const pattern = /\.([A-Za-z_][A-Za-z0-9_]*)|\[\]|\[(\d+)\]|\./y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) return undefined;
    if (match[1] !== undefined) steps.push({ kind: 'field', name: match[1] });
    else if (match[0] === '[]') steps.push({ kind: 'each' });
    else if (match[2] !== undefined) steps.push({ kind: 'index', index: Number(match[2]) });
    at = pattern.lastIndex;
  }
  return steps;
}

function walk(value: unknown, steps: readonly Step[]): unknown[] {
  let current = [value];
  for (const step of steps) {
    current = current.flatMap((item): unknown[] => {
      if (step.kind === 'each') {
        if (Array.isArray(item)) return item;
        if (item !== null && typeof item === 'object') return Object.values(item);
        throw new Error(`cannot iterate over ${JSON.stringify(item)}`);
      }
      if (item === null) return [null];
      if (step.kind === 'index') {
        if (!Array.isArray(item)) throw new Error(`cannot index ${typeof item} with a number`);
        return [item[step.index] ?? null];
      }
      if (typeof item !== 'object' || Array.isArray(item)) throw new Error(`cannot index ${JSON.stringify(item)} with "${step.name}"`);
      return [(item as Record<string, unknown>)[step.name] ?? null];
    });
  }
  return current;
}

/** A string stage, `"\(.project) \(.outcome)"`: its literal parts and the paths between them. */
function stringStage(text: string, filter: string): { parts: string[]; paths: Step[][] } | undefined {
  if (!/^"[^"]*"$/.test(text)) return undefined;
  const body = text.slice(1, -1);
  const parts: string[] = [];
  const paths: Step[][] = [];
  const pattern = /\\\(([^()]*)\)/g;
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    const steps = pathSteps(match[1]!.trim());
    if (steps === undefined) throw new Error(`\`${filter}\`: \`${match[1]}\` inside a string is outside the subset (paths only)`);
    parts.push(body.slice(last, match.index));
    paths.push(steps);
    last = match.index! + match[0].length;
  }
  parts.push(body.slice(last));
  if (parts.some((part) => part.includes('\\'))) throw new Error(`\`${filter}\`: an escape other than \\( ) is outside the subset`);
  return { parts, paths };
}

/** Runs `filter` on `input` as `jq -r` would, within the subset. */
export function evaluateJq(filter: string, input: unknown): JqOutput {
  let values = [input];
  const interpolated: unknown[] = [];
  for (const stage of filter.split('|').map((text) => text.trim())) {
    const steps = pathSteps(stage);
    if (steps !== undefined) {
      values = values.flatMap((value) => walk(value, steps));
      continue;
    }
    const template = stringStage(stage, filter);
    if (template === undefined) throw new Error(`\`${filter}\`: the stage \`${stage}\` is outside the subset (paths and strings)`);
    values = values.map((value) => {
      const pieces = template.paths.map((path) => {
        const [one = null, ...more] = walk(value, path);
        if (more.length > 0) throw new Error(`\`${filter}\`: a path inside a string gave several values`);
        interpolated.push(one);
        return typeof one === 'string' ? one : JSON.stringify(one);
      });
      return template.parts.map((part, index) => `${part}${pieces[index] ?? ''}`).join('');
    });
  }
  return { values, interpolated };
}
