/**
 * A broken link and its one line, `page → target: problem`: as plain text (annotations, `health`'s
 * issue and check rows, a failure's reason) and as Markdown (the comment, the job summary). Here,
 * below `github/` and `operations/`, so that both use the same words.
 */
import { codeSpan, escapeMarkdown } from './markdown.js';

/** What is wrong with a link: its target page, image or anchor is missing, or it answers an error. */
export interface BrokenLink {
  /** The page the link is on, below the version's root (`guide/install.html`; the root itself is `/`). */
  page: string;
  /** Where it leads: below the root (with its fragment) for the version's own pages, else the whole URL. */
  target: string;
  /** `missing page`, `missing image`, `missing resource` (a stylesheet, script…), `missing anchor` or `answered 403`. */
  problem: string;
  kind: 'page' | 'image' | 'anchor' | 'resource';
  external: boolean;
}

type Shown = Pick<BrokenLink, 'page' | 'target' | 'problem'>;

/** `guide/install.html → guide/gone.html: missing page`, as written (the caller neutralises it where it prints). */
export function brokenLinkText(link: Shown): string {
  return `${link.page} → ${link.target}: ${link.problem}`;
}

/** The same line in Markdown: page and target as code spans, the problem escaped. */
export function brokenLinkMarkdown(link: Shown): string {
  return `${codeSpan(link.page, { inTable: false })} → ${codeSpan(link.target, { inTable: false })}: ${escapeMarkdown(link.problem)}`;
}
