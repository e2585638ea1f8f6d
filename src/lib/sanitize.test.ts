// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize';

// Classic XSS vectors (OWASP cheat sheet, PortSwigger, DOMPurify's own tests): none may leave
// anything that runs script, loads a frame, submits a form or carries an event handler.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<a href="javascript:alert(1)">clic</a>',
  '<a href="  javascript:alert(1)">clic</a>',
  '<a href="jav&#x09;ascript:alert(1)">clic</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>',
  '<a href="vbscript:msgbox(1)">clic</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="https://evil.example"><input name=x><button>ok</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<p onclick="alert(1)">texte</p>',
  '<p onmouseover=alert(1)>texte</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="https://ok.example" onclick="alert(1)">lien</a>',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1)">',
  '<button formaction="javascript:alert(1)">x</button>',
  '<isindex action="javascript:alert(1)" type=image>',
];

function fragment(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('sanitizeArticleHtml', () => {
  it.each(PAYLOADS)('neutralizes %s', (payload) => {
    const out = sanitizeArticleHtml(payload);
    const dom = fragment(out);
    expect(
      dom.querySelector(
        'script, iframe, object, embed, form, input, button, style, link, meta, base, svg, math, template, video, audio, details, noscript',
      ),
    ).toBeNull();
    for (const el of dom.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on'), `${attr} on <${el.tagName}>`).toBe(false);
        expect(['style', 'srcset', 'formaction', 'action']).not.toContain(attr);
      }
      for (const url of [el.getAttribute('href'), el.getAttribute('src')]) {
        if (url) expect(url.trim()).toMatch(/^(https?:|mailto:|\/|#)/i);
      }
    }
  });

  it(`covers at least 30 payloads (${PAYLOADS.length})`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps the formatting an article needs', () => {
    const html =
      '<h2>Titre</h2><p>Un <strong>fait</strong>, une <em>analyse</em>.</p><ul><li>un</li></ul><blockquote>Citation</blockquote><img src="https://cdn.example/a.webp" alt="Photo" width="800" height="450">';
    const dom = fragment(sanitizeArticleHtml(html));
    expect(dom.querySelector('h2')?.textContent).toBe('Titre');
    expect(dom.querySelector('strong')?.textContent).toBe('fait');
    expect(dom.querySelector('blockquote')?.textContent).toBe('Citation');
    const img = dom.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example/a.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('opens external links in a new tab with rel="noopener noreferrer"', () => {
    const a = fragment(sanitizeArticleHtml('<a href="https://www.example.org/rapport">rapport</a>')).querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("keeps the link dialog's tab choice and no other link target", () => {
    const links = fragment(
      sanitizeArticleHtml(
        '<a href="https://www.example.org/a" target="_self">a</a><a href="/article/b" target="_blank">b</a>' +
          '<a href="/article/c" target="_top">c</a><a href="https://www.example.org/d" target="evil">d</a>',
      ),
    );
    const [a, b, c, d] = [...links.querySelectorAll('a')];
    expect([a.getAttribute('target'), a.getAttribute('rel')]).toEqual(['_self', null]);
    expect([b.getAttribute('target'), b.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(c.hasAttribute('target')).toBe(false);
    expect(d.getAttribute('target')).toBe('_blank');
  });
});

describe('sanitizeArticleHtml: links that look local but leave the site', () => {
  // Browsers read a backslash as a slash and drop tabs and newlines inside URLs, so each of these
  // is a protocol-relative link to another host.
  const OFF_SITE = [
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    '\\/evil.example',
  ];

  it.each(OFF_SITE)('drops href=%j', (href) => {
    const a = fragment(sanitizeArticleHtml(`<a href="${href}">lien</a>`)).querySelector('a')!;
    expect(a.getAttribute('href')).toBeNull();
    expect(a.textContent).toBe('lien');
  });

  it.each(OFF_SITE)('drops img src=%j', (src) => {
    expect(
      fragment(sanitizeArticleHtml(`<img src="${src}" alt="x">`))
        .querySelector('img')!
        .getAttribute('src'),
    ).toBeNull();
  });

  it.each([
    '/article/elections-au-senegal',
    '/category/politique?page=2',
    '#paragraphe-3',
    '/a\\b',
    'https://www.example.org/rapport',
    'mailto:redaction@example.org',
  ])('keeps the legitimate link %j', (href) => {
    expect(
      fragment(sanitizeArticleHtml(`<a href="${href}">lien</a>`))
        .querySelector('a')!
        .getAttribute('href'),
    ).toBe(href);
  });
});
