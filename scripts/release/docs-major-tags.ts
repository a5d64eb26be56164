// The major tags the README and docs/ tell users to write (`uses: owner/repo@v1`): the release
// refuses a version whose major tag is not theirs, so every example resolves the day it is tagged.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `v1` of each `owner/repo@v1` (not `@v1.2.3`) in README.md, SECURITY.md and docs/*.md under `root`, each once, sorted. */
export function docsMajorTags(root: string, repository: string): string[] {
  const docs = existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')) : [];
  const pages = ['README.md', 'SECURITY.md', ...docs.map((name) => `docs/${name}`)].filter((page) => existsSync(join(root, page)));
  const use = new RegExp(`(?<![\\w./-])${repository.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}@(v\\d+)(?![.\\w])`, 'g');
  const tags = pages.flatMap((page) => [...readFileSync(join(root, page), 'utf8').matchAll(use)].map((match) => match[1]!));
  return [...new Set(tags)].sort();
}
