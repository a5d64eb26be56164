import { parseDuration } from './duration.js';

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Parses `60` (per minute), `60/1m`, `30/10s`. Undefined when the text is not of that form. */
export function parseRateLimit(text: string): RateLimit | undefined {
  const match = /^\s*(\d+)\s*(?:\/\s*(\S+))?\s*$/.exec(text);
  if (!match) return undefined;
  const limit = Number(match[1]);
  const windowMs = match[2] === undefined ? 60_000 : parseDuration(/^\d/.test(match[2]) ? match[2] : `1${match[2]}`);
  if (!Number.isSafeInteger(limit) || limit < 1 || windowMs === undefined || windowMs < 1000) return undefined;
  return { limit, windowMs };
}
