import { describe, expect, it } from 'vitest';
import type { WindowLike } from 'dompurify';
import { sanitizeArticleHtml } from '../../src/lib/sanitize.ts';
import { autop, contentWindow, finishContent, prepareContent } from './content.ts';

// The content rules of the WordPress import (issue 31), on the markup WordPress archives hold.

const win = contentWindow();
const noAttachment = () => null;
const sanitize = (html: string) => sanitizeArticleHtml(html, win as unknown as WindowLike);
/** The content as imported, every picture stored at `https://new.test/<file>`. */
async function imported(raw: string, attachment: Parameters<typeof prepareContent>[1] = noAttachment) {
  const prepared = prepareContent(raw, attachment, win);
  const stored = new Map(prepared.images.map((src) => [src, `https://new.test/${src.split('/').pop()}`]));
  return { html: await finishContent(prepared, stored, sanitize), ...prepared };
}

describe('WordPress content', async () => {
  it('drops block comments and keeps the blocks', async () => {
    const { html } = await imported('<!-- wp:paragraph {"align":"center"} -->\n<p>Bonjour.</p>\n<!-- /wp:paragraph -->');
    expect(html).toBe('<p>Bonjour.</p>');
  });

  it('makes paragraphs of a classic post as WordPress did on display', async () => {
    expect(autop('Premier.\n\nSecond,\nsuite.')).toBe('<p>Premier.</p>\n<p>Second,<br>\nsuite.</p>');
    expect(autop('<p>Déjà en HTML.</p>')).toBe('<p>Déjà en HTML.</p>');
  });

  it('turns [caption] into a figure with its caption, the link to the full file dropped', async () => {
    const { html, images } = await imported(
      '[caption id="attachment_7" width="300"]<a href="https://old.test/wp-content/uploads/a.jpg"><img src="https://old.test/wp-content/uploads/a-300x200.jpg" alt="Un marché" width="300" height="200" /></a> Le marché, <em>tôt</em>[/caption]',
    );
    expect(images).toEqual(['https://old.test/wp-content/uploads/a-300x200.jpg']);
    expect(html).toBe(
      '<figure><img src="https://new.test/a-300x200.jpg" alt="Un marché" loading="lazy" decoding="async"><figcaption>Le marché, <em>tôt</em></figcaption></figure>',
    );
  });

  it('turns a gallery into its pictures in the order it names them', async () => {
    const files: Record<number, string> = { 1: 'un.jpg', 2: 'deux.jpg' };
    const { html } = await imported('[gallery ids="2,1,99"]', (id) =>
      files[id]
        ? { url: `https://old.test/wp-content/uploads/${files[id]}`, alt: `Image ${id}`, caption: id === 2 ? 'Légende & co' : '' }
        : null,
    );
    expect(html).toBe(
      '<figure><img src="https://new.test/deux.jpg" alt="Image 2" loading="lazy" decoding="async"><figcaption>Légende &amp; co</figcaption></figure>\n' +
        '<figure><img src="https://new.test/un.jpg" alt="Image 1" loading="lazy" decoding="async"></figure>',
    );
  });

  it('makes YouTube and X embeds the product’s embed lines, whatever WordPress wrote', async () => {
    const { html } = await imported(
      [
        '[embed]https://youtu.be/dQw4w9WgXcQ[/embed]',
        '<figure class="wp-block-embed is-provider-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n</div></figure>',
        '<p><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560"></iframe></p>',
        '<blockquote class="twitter-tweet"><p>Texte</p><a href="https://twitter.com/afp/status/123456789?ref_src=twsrc">Date</a></blockquote><script src="https://platform.twitter.com/widgets.js"></script>',
      ].join('\n\n'),
    );
    expect(html.split('\n')).toEqual([
      '<p>https://youtu.be/dQw4w9WgXcQ</p>',
      '<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>',
      '<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>',
      '<p>https://twitter.com/afp/status/123456789</p>',
    ]);
  });

  it('drops other shortcodes with their text kept, names them, and leaves bracketed words alone', async () => {
    const { html, droppedShortcodes } = await imported(
      '<p>Selon lui [sic], [1] rien.</p>\n[contact-form-7 id="5"]\n[vc_row]<p>Gardé.</p>[/vc_row]',
    );
    expect(html).toBe('<p>Selon lui [sic], [1] rien.</p>\n<p>Gardé.</p>');
    expect(droppedShortcodes.sort()).toEqual(['contact-form-7', 'vc_row']);
  });

  it('goes through the sanitizer, and drops a picture that could not be stored with its figure', async () => {
    const prepared = prepareContent(
      '<p onclick="x()">Texte <script>alert(1)</script></p><figure><img src="https://old.test/wp-content/uploads/perdue.jpg"><figcaption>Perdue</figcaption></figure>',
      noAttachment,
      win,
    );
    expect(await finishContent(prepared, new Map(), sanitize)).toBe('<p>Texte </p>');
  });
});
