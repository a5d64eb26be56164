/** The preview report as a marked block in the pull request's description (`comment: description`). */
import { encodeSegment } from '../../util/url.js';
import { MARKER_PREFIX } from './comment-rows.js';

function blockMarkers(header: string): { start: string; end: string } {
  const name = encodeSegment(header);
  return { start: `<!-- ${MARKER_PREFIX}:${name}:start -->`, end: `<!-- ${MARKER_PREFIX}:${name}:end -->` };
}

/**
 * Puts `block` between start and end markers in a PR description (`comment: description`): the
 * first marked block of `header` is replaced, any further copies removed, and without one the
 * block is appended. Text outside the markers is left as it was, so applying it again changes nothing.
 */
export function replaceMarkedBlock(description: string, header: string, block: string): string {
  const { start, end } = blockMarkers(header);
  const marked = `${start}\n${block.trimEnd()}\n${end}`;
  let result = '';
  let rest = description;
  let placed = false;
  for (let endIndex = rest.indexOf(end); endIndex !== -1; endIndex = rest.indexOf(end)) {
    // Pair each end with the nearest start before it, so a start marker orphaned by a hand edit
    // never swallows the user's text; an end without a start is left where it is.
    const startIndex = rest.lastIndexOf(start, endIndex);
    result += startIndex === -1 ? rest.slice(0, endIndex + end.length) : rest.slice(0, startIndex) + (placed ? '' : marked);
    placed ||= startIndex !== -1;
    rest = rest.slice(endIndex + end.length);
  }
  result += rest;
  if (placed) return result;
  const trimmed = description.trimEnd();
  return trimmed === '' ? marked : `${trimmed}\n\n${marked}`;
}
