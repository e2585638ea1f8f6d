// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { embedParagraphs } from '@/public/components/bodyEmbeds';
import { prepareContent } from '../articlePayload';
import { mergeReports, NOTHING_LOST, sanitizerReport } from './sanitizerReport';

const report = (html: string) => sanitizerReport(html, sanitizeArticleHtml);
const texts = (html: string) => report(html).losses.map((l) => l.text);

const YOUTUBE_IFRAME =
  '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=abc" title="YouTube video player" allowfullscreen></iframe>';
const X_CODE =
  '<blockquote class="twitter-tweet"><p lang="fr" dir="ltr">Le port de Lomé.</p>&mdash; Afrique (@afrique) ' +
  '<a href="https://twitter.com/afrique/status/1790000000000000000?ref_src=twsrc%5Etfw">12 mai 2024</a></blockquote> ' +
  '<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>';

describe('sanitizerReport', () => {
  it('counts tables, video iframes and scripts, in the order the notice lists them', () => {
    const html =
      '<p>Intro</p><script>alert(1)</script><table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>' +
      YOUTUBE_IFRAME +
      '<iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="https://maps.example.org/x"></iframe>';
    expect(texts(html)).toEqual(['1 tableau', '2 vidéos intégrées (iframe)', '1 contenu intégré (iframe)', '1 script']);
  });

  it('reports nothing for what the reader keeps, for plain text, and for what the rich editor writes', () => {
    expect(report('Une phrase avec https://example.org et <3.')).toBe(NOTHING_LOST);
    expect(
      report(
        '<h2>Titre</h2><p><strong>Gras</strong> <em>it</em> <a href="https://example.org">lien</a></p><ul><li>un</li></ul>' +
          '<blockquote><p>cité</p></blockquote><p><img src="https://cdn.example.org/a.webp" alt=""></p><hr><pre><code>x</code></pre>',
      ),
    ).toBe(NOTHING_LOST);
    // Wrappers whose text stays are no loss a reader could see.
    expect(report('<div><span>texte</span></div><p><font>x</font></p>')).toBe(NOTHING_LOST);
  });

  it('counts headings the reader does not keep, unsafe links and images, handlers and inline styles', () => {
    expect(
      texts(
        '<h1>Grand titre</h1><p style="color:red" onclick="x()">a</p><a href="javascript:alert(1)">b</a>' +
          '<img src="data:image/png;base64,AAAA" alt=""><img src="file:///C:/photo.jpg" alt="">',
      ),
    ).toEqual([
      '1 attribut de script (onclick…)',
      '1 intertitre de niveau 1, 5 ou 6 (son texte reste)',
      "2 images sans adresse web (collées d'un fichier ?)",
      '1 lien non sûr',
      '1 mise en forme en ligne (couleur, police…)',
    ]);
  });

  it('finds the link to paste instead of YouTube and X embed code', () => {
    const result = report(`<p>Avant</p>${YOUTUBE_IFRAME}${X_CODE}`);
    expect(result.losses.map((l) => l.text)).toEqual(['1 vidéo intégrée (iframe)', '1 script']);
    expect(result.embedCode).toBe(true);
    expect(result.embedLinks).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://twitter.com/afrique/status/1790000000000000000',
    ]);
  });

  it('adds two reports up', () => {
    const both = mergeReports(report('<table><tr><td>a</td></tr></table>'), report(`<table></table>${YOUTUBE_IFRAME}`));
    expect(both.losses.map((l) => l.text)).toEqual(['2 tableaux', '1 vidéo intégrée (iframe)']);
    expect(both.embedLinks).toEqual(['https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
    expect(mergeReports(NOTHING_LOST, NOTHING_LOST)).toBe(NOTHING_LOST);
  });
});

describe('a YouTube or X link alone in its paragraph', () => {
  const links = [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://x.com/afrique/status/1790000000000000000',
    'https://twitter.com/afrique/status/1790000000000000000?s=20',
  ];
  it.each(links)('is saved as a paragraph whose only content is a link whose text is the address: %s', (url) => {
    const linked = `<a href="${url.replace(/&/g, '&amp;')}" target="_blank" rel="noopener noreferrer">${url.replace(/&/g, '&amp;')}</a>`;
    // Typed as text (Texte brut) or linked by the rich editor as typed (its own link attributes).
    expect(prepareContent(`<p>Avant.</p><p>${url}</p>`, sanitizeArticleHtml)).toBe(`<p>Avant.</p><p>${linked}</p>`);
    expect(
      prepareContent(`<p><a target="_blank" rel="noopener noreferrer nofollow" href="${url}">${url}</a></p>`, sanitizeArticleHtml),
    ).toBe(`<p>${linked}</p>`);
    expect(report(`<p>${url}</p>`)).toBe(NOTHING_LOST);
    // What the reader then shows: the click-to-load placeholder.
    expect(embedParagraphs(prepareContent(`<p>${url}</p>`, sanitizeArticleHtml))).toMatch(/^<div class="embed embed--(youtube|x)"/);
  });
});
