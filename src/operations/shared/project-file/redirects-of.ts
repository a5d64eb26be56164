/**
 * The redirects a project file (`apply`'s) lists for one project, read leniently for `preview`'s
 * redirect check: the file comes from the pull request, so it is parsed bounded, under the same size
 * limit as `apply`'s reader (file.ts), and a file that cannot be read gives none.
 */
import { MAX_FILE_BYTES } from './file.js';

/** A redirect as the file lists it: its type, its `from` (or `from_url`), and `enabled: false`. */
export interface FileRedirect {
  type: string;
  from: string;
  enabled?: boolean;
}

/**
 * The redirects the project file (`apply`'s) lists for `project`: under `projects.<slug>`, or at
 * the top when there is no `projects`. Undefined when the file manages no redirects or cannot
 * be read; the file comes from the pull request, so it is parsed bounded and read leniently.
 */
export async function projectFileRedirects(text: string, project: string): Promise<FileRedirect[] | undefined> {
  // Larger files are not read, as `apply` refuses them: one limit for every reader of the file.
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) return undefined;
  const { parse } = await import('yaml');
  let document: unknown;
  try {
    document = parse(text, { maxAliasCount: 50, prettyErrors: false });
  } catch {
    return undefined;
  }
  const top = record(document);
  const projects = record(top?.projects);
  const config = projects ? record(projects[project]) : top;
  const list = config?.redirects;
  if (!Array.isArray(list)) return undefined;
  const rules: FileRedirect[] = [];
  for (const item of list.slice(0, 1000)) {
    const entry = record(item);
    const from = entry?.from ?? entry?.from_url;
    // The service refuses a `from_url` over 255 characters: a longer one redirects nothing.
    if (typeof entry?.type !== 'string' || typeof from !== 'string' || from.length > 255) continue;
    rules.push({ type: entry.type, from, ...(entry.enabled === false ? { enabled: false } : {}) });
  }
  return rules;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
