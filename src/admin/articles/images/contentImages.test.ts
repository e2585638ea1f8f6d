import { describe, expect, it } from 'vitest';
import { imageBlock, insertImageReference, plainToHtml, removeImageReference } from './contentImages';

const URL_A = 'http://127.0.0.1:54321/storage/v1/object/public/article-images/1700000000000-abc.webp';

describe('insertImageReference', () => {
  it('makes empty content a single image block', () => {
    expect(insertImageReference('', URL_A)).toBe(`<p><img src="${URL_A}" alt=""></p>`);
  });
  it("gives the <img> the image's alternative text, escaped", () => {
    expect(insertImageReference('', URL_A, null, ' Le "grand" marché <Sandaga> & ses étals ')).toBe(
      `<p><img src="${URL_A}" alt="Le &quot;grand&quot; marché &lt;Sandaga&gt; &amp; ses étals"></p>`,
    );
  });
  it('turns plain text into its reader paragraphs before adding the image', () => {
    const text = 'Un. Deux. Trois. Quatre. Cinq. Six.';
    expect(insertImageReference(text, URL_A)).toBe(`<p>Un. Deux. Trois. Quatre. Cinq.</p>\n<p>Six.</p>\n${imageBlock(URL_A)}`);
  });
  it('inserts at a caret placed between HTML blocks', () => {
    const html = '<p>Un.</p>\n<p>Deux.</p>';
    const caret = html.indexOf('\n');
    expect(insertImageReference(html, URL_A, caret)).toBe(`<p>Un.</p>\n${imageBlock(URL_A)}\n<p>Deux.</p>`);
    expect(insertImageReference(html, URL_A, 0)).toBe(`${imageBlock(URL_A)}\n${html}`);
  });
  it('appends when the caret is inside a paragraph or a tag, or unknown', () => {
    const html = '<p>Un texte.</p>';
    for (const caret of [3, 1, null, 999]) expect(insertImageReference(html, URL_A, caret)).toBe(`${html}\n${imageBlock(URL_A)}`);
  });
  it('escapes the URL inside the attribute', () => {
    expect(imageBlock('https://x.test/a"b.png')).toBe('<p><img src="https://x.test/a&quot;b.png" alt=""></p>');
  });
});

describe('plainToHtml', () => {
  it('escapes markup-looking text', () => {
    expect(plainToHtml('1 < 2 & 3 > 2.')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2.</p>');
  });
});

describe('removeImageReference', () => {
  it('removes the block and any inline use of the URL, and nothing else', () => {
    const other = 'https://x.test/other.png';
    const html = `<p>Un.</p>\n${imageBlock(URL_A)}\n<p>Voir <img src="${URL_A}" alt="x"> et <img src="${other}" alt=""></p>`;
    expect(removeImageReference(html, URL_A)).toBe(`<p>Un.</p>\n<p>Voir  et <img src="${other}" alt=""></p>`);
  });
});
