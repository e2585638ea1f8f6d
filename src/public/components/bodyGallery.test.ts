import { describe, expect, it } from 'vitest';
import { afterFirstParagraph, galleryHtml, galleryLabel } from './bodyGallery';

const BASE = 'http://127.0.0.1:54321/storage/v1/object/public/article-images';
const image = (name: string, over = {}) => ({ url: `${BASE}/${name}.1200x675.webp`, alt: null, caption: null, credit: null, ...over });

describe("data-saver mode's gallery", () => {
  it('is one button for all the pictures, their own buttons (small copies) hidden in a list until it is pressed', () => {
    const html = galleryHtml([image('a'), image('b'), image('c')], 'Le port');
    expect(html.match(/data-tap-gallery/g)).toHaveLength(1);
    expect(html).toContain(`data-tap-gallery>Afficher les 3 images<span class="tap-image__size"></span></button>`);
    expect(html).toContain('<ul class="article-media article-media--saver" aria-label="Images de l\'article" tabindex="-1" hidden>');
    expect(html.match(/data-tap-src="[^"]+\.w640\.webp"/g)).toHaveLength(3);
    expect(html).toContain('data-tap-alt="Le port (image 2)"');
  });

  it('escapes what the newsroom wrote, and says "l\'image" for one', () => {
    const html = galleryHtml([image('a', { alt: 'Le "port" <matin>', caption: 'A & B', credit: 'AFP' })], 'T');
    expect(html).toContain('data-tap-alt="Le &quot;port&quot; &lt;matin&gt;"');
    expect(html).toContain('<figcaption class="article-media__captions">A &amp; B — <span class="image-credit">AFP</span></figcaption>');
    expect(galleryLabel(1)).toBe("Afficher l'image");
    expect(galleryHtml([], 'T')).toBe('');
  });

  it('goes after the first paragraph, or at the end of a body without one', () => {
    expect(afterFirstParagraph('<p>a</p><p>b</p>', '<div>G</div>')).toBe('<p>a</p><div>G</div><p>b</p>');
    expect(afterFirstParagraph('<h2>t</h2>', '<div>G</div>')).toBe('<h2>t</h2><div>G</div>');
  });
});
