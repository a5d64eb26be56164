/** What the link check's parser and its worker say to each other (page-parser.ts, parse-worker.ts). Types only. */
import type { PageLinks } from './html-links.ts';

export interface ParseRequest {
  id: number;
  /** The page's bytes (UTF-8), transferred to the worker. */
  bytes: Uint8Array;
  /** CPU time the decoding and reading may take, in ms: past it, the page is cut short. */
  cpuBudgetMs: number;
}

export type ParseReply =
  | { id: number; page: PageLinks }
  /** Not read whole: its CPU budget ran out, or the reading failed. */
  | { id: number; cut: 'budget' | 'error'; message?: string };
