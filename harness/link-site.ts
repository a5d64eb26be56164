// Pages with links, anchors and images, for the link check's demo, tests and bench: a version's
// pages by path below its root (`Standin.setSitePages`). Each broken page has working links and
// anchors beside its broken one; `fixed` is the same site with the broken ones mended.

const page = (title: string, body: string) =>
  `<!doctype html>\n<html><head><title>${title}</title></head><body><h1 id="top-heading">${title}</h1>\n${body}\n</body></html>\n`;

/** The three changed pages of the demo pull request, each with one broken link. */
export const BROKEN_PAGES = ['guide/install.html', 'guide/usage.html', 'guide/images.html'] as const;

/**
 * A small Sphinx-like site: `index.html` (anchors `intro`, `usage`), `guide/install.html` linking a
 * missing page, `guide/usage.html` linking `index.html#nope`, `guide/images.html` showing a missing
 * image; and links to `elsewhere` (another site), `mailto:` and `tel:`, which are never fetched
 * (without `link-check-external`). With `fixed`, the three broken links work.
 */
export function linkSite(elsewhere: string, options: { fixed?: boolean } = {}): Record<string, string> {
  const fixed = options.fixed === true;
  return {
    'index.html': page(
      'Demo',
      `<section id="intro"><p>Start with <a href="guide/install.html">installing</a>, then <a href="guide/usage.html#run">usage</a> and <a href="guide/images.html">pictures</a>.</p></section>\n` +
        `<section id="usage"><a name="legacy-usage"></a><p>See <a href="#intro">the introduction</a> and <a href="${elsewhere}/elsewhere">another site</a>.</p></section>\n` +
        `<p><a href="mailto:docs@example.org">Mail us</a> · <a href="tel:+4930123">call</a> · <a href="javascript:void(0)">js</a></p>`,
    ),
    'guide/install.html': page(
      'Install',
      `<p id="setup">Read <a href="../index.html#intro">the introduction</a> and <a href="usage.html">usage</a>.</p>\n` +
        `<p>Then <a href="${fixed ? 'usage.html#run' : 'gone.html'}">the next step</a> or <a href="${elsewhere}/elsewhere/install">upstream</a>.</p>`,
    ),
    'guide/usage.html': page(
      'Usage',
      `<h2 id="run">Run</h2><p>After <a href="install.html#setup">setting up</a> (<a href="#run">here</a>), ` +
        `see <a href="../index.html#${fixed ? 'usage' : 'nope'}">the overview</a> and <a href="../index.html#legacy-usage">the old one</a>.</p>`,
    ),
    'guide/images.html': page(
      'Images',
      `<p><img src="../_images/logo.png" alt="logo" srcset="../_images/logo.png 1x, ../_images/logo@2x.png 2x"> ` +
        `<img src="../_images/${fixed ? 'logo.png' : 'diagram.png'}" alt="diagram"> <a href="install.html">install</a></p>`,
    ),
    '_images/logo.png': 'PNG',
    '_images/logo@2x.png': 'PNG',
  };
}
