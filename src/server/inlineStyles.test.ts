import { describe, expect, it } from 'vitest';
import { builtStylesInliner, inlineStylesheets } from './inlineStyles';

const files: Record<string, string> = {
  '/assets/index-C.css': ':root{--ink:#1c1917}.logo{background:url(/favicon.svg)}\n',
  '/assets/ArticlePage-D.css': '.article{max-width:40rem}',
};
const read = (href: string) => {
  if (!(href in files)) throw new Error(`no ${href}`);
  return files[href];
};

describe('inlineStylesheets', () => {
  it("puts each of the build's stylesheets in the page, with a link the browser does not fetch", () => {
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/index-C.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/ArticlePage-D.css" /><link rel="modulepreload" crossorigin href="/assets/ArticlePage-E.js" /></head>';
    expect(inlineStylesheets(html, read)).toBe(
      '<head><style>:root{--ink:#1c1917}.logo{background:url(/favicon.svg)}</style><link rel="stylesheet" href="/assets/index-C.css" disabled />' +
        '<style>.article{max-width:40rem}</style><link rel="stylesheet" href="/assets/ArticlePage-D.css" disabled />' +
        '<link rel="modulepreload" crossorigin href="/assets/ArticlePage-E.js" /></head>',
    );
  });

  it('leaves a page without stylesheets, and stylesheets from elsewhere, as they are', () => {
    const html = '<link rel="stylesheet" href="https://cdn.example/x.css"><link rel="icon" href="/favicon.svg">';
    expect(inlineStylesheets(html, read)).toBe(html);
  });

  it('refuses CSS that would break out of its element or lose its pictures once inlined', () => {
    const link = '<link rel="stylesheet" crossorigin href="/assets/x.css">';
    expect(() => inlineStylesheets(link, () => 'a::after{content:"</style><script>"}')).toThrow(/<\/style/);
    expect(() => inlineStylesheets(link, () => '.hero{background:url(hero.webp)}')).toThrow(/relative url/);
    expect(() => inlineStylesheets(link, () => ".hero{background:url('./hero.webp')}")).toThrow(/relative url/);
    expect(
      inlineStylesheets(link, () => '.a{background:url("data:image/svg+xml,x")}.b{background:url(https://x.example/y.png)}'),
    ).toContain('<style>');
  });
});

describe('builtStylesInliner', () => {
  it('reads each file once', () => {
    const reads: string[] = [];
    const inline = builtStylesInliner((href) => (reads.push(href), read(href)));
    const links = '<link rel="stylesheet" crossorigin href="/assets/ArticlePage-D.css" />';
    const first = inline(links);
    expect(inline(links)).toBe(first);
    expect(inline(`<p></p>${links}`)).toContain('.article{');
    expect(reads).toEqual(['/assets/ArticlePage-D.css']);
  });
});
