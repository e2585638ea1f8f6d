import { describe, expect, it } from 'vitest';
import { embedParagraphs, embedPlaceholderHtml, plainBlocks } from './bodyEmbeds';

const VIDEO = 'dQw4w9WgXcQ';
const POST = '1790000000000000000';
const YT = `https://www.youtube.com/watch?v=${VIDEO}`;
const X = `https://x.com/senegal/status/${POST}`;

/** The placeholder's parts, read back from its HTML. */
function placeholder(html: string) {
  const box = /<div class="embed embed--(\w+)" data-embed="(\w+)" data-embed-id="([^"]+)">/.exec(html);
  const links = [...html.matchAll(/<a class="(embed__\w+)" href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => ({
    cls: m[1],
    href: m[2],
    text: m[3],
  }));
  return { kind: box?.[2], id: box?.[3], links };
}

describe('embedParagraphs: a link alone in its paragraph becomes a placeholder', () => {
  it('a bare address, a link to itself (as the editor saves it) or with a line break after it', () => {
    for (const p of [
      `<p>${YT}&amp;t=42s</p>`,
      `<p><a href="${YT}" target="_blank" rel="noopener noreferrer">${YT}</a></p>`,
      `<p> <a href="${YT}">${YT}</a> <br></p>`,
    ]) {
      const out = embedParagraphs(`<p>Avant.</p>${p}<p>Après.</p>`);
      expect(out.startsWith('<p>Avant.</p><div class="embed embed--youtube"'), p).toBe(true);
      expect(out.endsWith('</div><p>Après.</p>'), p).toBe(true);
      expect(placeholder(out)).toMatchObject({ kind: 'youtube', id: VIDEO });
    }
    expect(placeholder(embedParagraphs(`<p>${X}</p>`))).toMatchObject({ kind: 'x', id: POST });
  });

  it('says what tapping does, and links to the original for readers without JavaScript', () => {
    const yt = placeholder(embedParagraphs(`<p>${YT}</p>`));
    expect(yt.links).toEqual([
      { cls: 'embed__play', href: YT, text: '<span class="embed__label">Vidéo YouTube — Toucher pour lancer</span>' },
      { cls: 'embed__link', href: YT, text: 'Voir sur YouTube' },
    ]);
    const x = placeholder(embedParagraphs(`<p>${X}</p>`));
    expect(x.links[0].text).toContain('Publication X — Toucher pour afficher');
    expect(x.links[1]).toEqual({ cls: 'embed__link', href: X, text: 'Voir sur X' });
  });

  it('never loads anything from those sites: no iframe, script or picture in the placeholder', () => {
    const out = embedParagraphs(`<p>${YT}</p><p>${X}</p>`);
    expect(out).not.toMatch(/<(iframe|script|img)\b/);
    expect(out).not.toMatch(/src=/);
  });

  it('leaves a link inside a sentence, a link with its own words, and a link whose text and address differ', () => {
    for (const html of [
      `<p>Regardez ${YT} ce soir.</p>`,
      `<p><a href="${YT}">la vidéo du sommet</a></p>`,
      `<p><a href="https://evil.example/">${YT}</a></p>`,
      `<p><a href="${YT}">https://youtu.be/aaaaaaaaaaa</a></p>`,
      `<p><strong>${YT}</strong></p>`,
      `<blockquote>${YT}</blockquote>`,
      `<p>https://evil.example/watch?v=${VIDEO}</p>`,
    ])
      expect(embedParagraphs(html), html).toBe(html);
  });

  it('escapes the link it keeps: nothing from the article leaves the attribute', () => {
    const html = embedPlaceholderHtml({ kind: 'youtube', id: VIDEO, url: `https://youtu.be/${VIDEO}?a="><script>x</script>` });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('plainBlocks: plain text cut at its embed lines', () => {
  it('a line that is only an embed address stands alone; the text around it stays text', () => {
    expect(plainBlocks(`Premier paragraphe.\n${YT}\nSuite du texte.\n\n${X}`)).toEqual([
      { type: 'text', text: 'Premier paragraphe.' },
      { type: 'embed', embed: { kind: 'youtube', id: VIDEO, url: YT } },
      { type: 'text', text: 'Suite du texte.\n' },
      { type: 'embed', embed: { kind: 'x', id: POST, url: X } },
    ]);
  });

  it('text without such a line is one block, as it was', () => {
    const text = `Le rapport est sur ${YT} depuis hier.\nUne autre ligne.`;
    expect(plainBlocks(text)).toEqual([{ type: 'text', text }]);
    expect(plainBlocks('')).toEqual([]);
  });
});
