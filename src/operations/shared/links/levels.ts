/**
 * What `link-check` and `link-check-anchors` mean for an operation: `auto` is `warn` for
 * `preview` (its changed pages) and `off` for `health` (a crawl is heavier, asked for explicitly);
 * anchors follow `link-check` unless set apart.
 */
import type { Inputs } from '../../../inputs/inputs.js';
import { failsAt, type GateLevel } from '../../gates.js';

type LinkLevel = GateLevel;

export interface LinkLevels {
  /** Broken pages, images and resources. */
  links: LinkLevel;
  /** Broken anchors; `off` when links are off. */
  anchors: LinkLevel;
}

export function linkLevels(inputs: Pick<Inputs, 'linkCheck' | 'linkCheckAnchors'>, operation: 'preview' | 'health'): LinkLevels {
  const links: LinkLevel = inputs.linkCheck === 'auto' ? (operation === 'preview' ? 'warn' : 'off') : inputs.linkCheck;
  const anchors: LinkLevel = links === 'off' ? 'off' : inputs.linkCheckAnchors === 'auto' ? links : inputs.linkCheckAnchors;
  return { links, anchors };
}

/** Whether broken links of a report fail at these levels: an internal page, image or resource with `fail`, an internal anchor with anchors at `fail`. */
export function failingLinks<T extends { kind: 'page' | 'image' | 'anchor' | 'resource'; external: boolean }>(
  broken: readonly T[],
  levels: LinkLevels,
): T[] {
  return broken.filter((link) => !link.external && failsAt(link.kind === 'anchor' ? levels.anchors : levels.links));
}
