import { describe, expect, it } from 'vitest';
import { fillTemplate, liteTemplate } from './template';

// index.html as `vite build` writes it: the app's script, its preloads and stylesheet in the head.
const BUILT = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <!--page-head--><title>Afrique Actu</title><!--/page-head-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"><!--page-html--></div>
  </body>
</html>`;

const parts = {
  nonce: null,
  env: { supabaseUrl: 'http://127.0.0.1:54321', supabaseAnonKey: 'anon' },
  head: '<title>Dakar</title><link rel="preload" as="image" href="/a.webp" />',
  preload:
    '<link rel="stylesheet" crossorigin href="/assets/ArticlePage-D.css" /><link rel="modulepreload" crossorigin href="/assets/ArticlePage-E.js" />',
  page: { html: '<main><h1>Dakar</h1></main>', origin: 'http://localhost:3000', seedJson: '{"key":"home","data":{}}' },
};
const at = (html: string, text: string) => {
  expect(html).toContain(text);
  return html.indexOf(text);
};

describe('fillTemplate', () => {
  it("sends the head's stylesheets and picture preload before the page, and the app's scripts and data after it", () => {
    const html = fillTemplate(BUILT, parts);
    const head = html.indexOf('</head>');
    const page = at(html, '<main><h1>Dakar</h1></main>');
    for (const tag of [
      'href="/assets/index-C.css"',
      'href="/assets/ArticlePage-D.css"',
      '<link rel="preload" as="image" href="/a.webp" />',
    ])
      expect(at(html, tag)).toBeLessThan(head);
    for (const tag of [
      'src="/assets/index-A.js"',
      'href="/assets/react-B.js"',
      'href="/assets/ArticlePage-E.js"',
      'id="site-env"',
      'id="page-data"',
    ])
      expect(at(html, tag)).toBeGreaterThan(page);
    expect(at(html, 'id="page-data"')).toBeLessThan(at(html, '</body>'));
  });

  it('a lite page still loses the app and its preloads, and gets the lite script with the data', () => {
    const html = fillTemplate(BUILT, { ...parts, lite: liteTemplate({ script: '/assets/lite-F.js', app: '/assets/index-A.js' }) });
    expect(html).not.toContain('src="/assets/index-A.js"');
    expect(html).not.toContain('modulepreload');
    expect(at(html, 'src="/assets/lite-F.js"')).toBeGreaterThan(at(html, '<main>'));
    expect(html).toContain('id="page-data"');
  });
});
