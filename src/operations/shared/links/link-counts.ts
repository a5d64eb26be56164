/**
 * What a link report counts, in words, the same in the log, the job summary and `health`'s row:
 * the links not checked for a reason of their own (another site's, ignored, outside the version)
 * and the requests a host would not answer, so that no link goes uncounted. Pure.
 */
import type { LinkReport } from './link-checker.js';

type Counted = Pick<LinkReport, 'otherSites' | 'ignored' | 'outsideVersion' | 'throttled' | 'privateAddresses' | 'unavailable'>;

/** The counts beside checked and not checked, each when it is not 0: "2 to other sites not checked (…)", "1 ignored", … */
export function apartCounts(report: Counted): string[] {
  return [
    ...(report.otherSites > 0
      ? [`${report.otherSites} to other sites not checked (\`link-check-external: true\` checks them; they never fail the step)`]
      : []),
    ...(report.unavailable > 0
      ? [`${report.unavailable} to other sites not checked (unavailable: throttled, a server error or no answer; never broken)`]
      : []),
    ...(report.ignored > 0 ? [`${report.ignored} ignored (\`link-check-ignore\`)`] : []),
    ...(report.outsideVersion > 0 ? [`${report.outsideVersion} outside the version (not checked)`] : []),
  ];
}

/**
 * "the docs host throttled 3 requests, 2 other sites' targets at a private address not asked (their
 * links are not checked…)", or '' when none was refused.
 */
export function throttleNote(report: Pick<LinkReport, 'throttled' | 'privateAddresses'>): string {
  const { docsHost, otherSites } = report.throttled;
  const parts = [
    ...(docsHost > 0 ? [`the docs host throttled ${docsHost} request(s)`] : []),
    ...(otherSites > 0 ? [`other sites throttled ${otherSites} request(s)`] : []),
    ...(report.privateAddresses > 0 ? [`${report.privateAddresses} target(s) at a private address not asked`] : []),
  ];
  return parts.length === 0 ? '' : `${parts.join(', ')} (their links are not checked, never reported broken)`;
}

/** "3 broken, 15 checked, 0 not checked, 1 ignored (…); the docs host throttled 2 request(s) (…)". */
export function linkCounts(report: Pick<LinkReport, 'checked' | 'notChecked' | 'broken'> & Counted): string {
  const counts = [
    `${report.broken.length} broken`,
    `${report.checked} checked`,
    `${report.notChecked} not checked`,
    ...apartCounts(report),
  ];
  const note = throttleNote(report);
  return `${counts.join(', ')}${note === '' ? '' : `; ${note}`}`;
}
