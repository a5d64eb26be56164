import prettyMilliseconds from 'pretty-ms';

/**
 * The one duration formatter, for logs and summaries: `95000` → `1m35s`, `3600000` → `1h`,
 * `250` → `250ms`. Whole seconds from one second up; with `tenths`, a tenth of a second below ten
 * seconds (`1.5s`, for retry waits). pretty-ms does the units; its spaces are left out, as before.
 */
export function formatDuration(ms: number, options: { tenths?: boolean } = {}): string {
  const step = Math.abs(ms) < 1000 ? 1 : options.tenths && Math.abs(ms) < 10_000 ? 100 : 1000;
  return prettyMilliseconds(Math.round(ms / step) * step, { secondsDecimalDigits: 1 }).replaceAll(' ', '');
}
