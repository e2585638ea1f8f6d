// A reader page's styles come inside its HTML, not as stylesheets to fetch. On a phone on Slow 4G,
// each linked stylesheet was one more request the first paint waited for: asked for only once the
// page's head was read, and sharing the link with the app's code and the main picture, it arrived
// 300–500 ms after the HTML (bench:web's traces), and nothing could be drawn before. The build's
// stylesheets are small (the entry's and a page's together ~6 KB compressed), and a reader's next
// pages come through the app, not as new HTML, so they are sent once per visit either way.

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)"\s*\/?>/g;
/** A url() Vite left relative would resolve against the page's address once inlined. */
const RELATIVE_URL = /url\(\s*(?!["']?(?:\/|data:|https?:|#))/i;

/**
 * Replaces each of the build's stylesheet links in `html` with the stylesheet itself, and a
 * disabled link to the same file, which the browser does not fetch (a disabled stylesheet link is
 * never obtained, HTML § link type "stylesheet") but which tells the app's module loader that the
 * styles are on the page: without it, taking the page over would fetch the page's stylesheet again
 * (Vite's preload helper looks for a stylesheet <link> of that address before adding one).
 * `read` gives a built file's text by its path ('/assets/…'). Throws for CSS that cannot be inlined
 * as it is, at start-up rather than on a reader's page.
 */
export function inlineStylesheets(html: string, read: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_link, href: string) => {
    const css = read(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style": it cannot be put inside the page`);
    if (RELATIVE_URL.test(css)) throw new Error(`${href} has a relative url(): inlined, it would resolve against the page's address`);
    return `<style>${css.trim()}</style><link rel="stylesheet" href="${href}" disabled />`;
  });
}

/** inlineStylesheets over a build folder, each file read once (the template and every page module's links share them). */
export function builtStylesInliner(readFile: (href: string) => string): (html: string) => string {
  const files = new Map<string, string>();
  const read = (href: string) => {
    let css = files.get(href);
    if (css === undefined) files.set(href, (css = readFile(href)));
    return css;
  };
  return (html) => inlineStylesheets(html, read);
}
