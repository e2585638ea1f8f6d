import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_MAX_BYTES, CARD_WIDTH, renderCard, wrap } from './card';
import { frenchDay, isDay } from './day';
import { CHANNELS, shortId, shortLink, uuidOfShortId } from './shortLinks';
import { essentialItem, essentialText, telegramCaption, TEXT_MAX, type EssentialItem } from './text';

const ORIGIN = 'https://www.afriqueactu.com';
const id = (n: number) => `0f${String(n).padStart(6, '0')}-1c2d-4e5f-8a9b-${String(n).padStart(12, 'a')}`;
const item = (n: number, title = `Titre ${n}`, gist = `Premier point clé ${n}`): EssentialItem => ({ id: id(n), title, gist });
const options = { origin: ORIGIN, day: '2026-11-28', channel: CHANNELS.whatsapp };

describe('short links', () => {
  it('write an article id in 22 letters and digits and read it back', () => {
    for (const uuid of [id(1), '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      expect(shortId(uuid)).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(uuidOfShortId(shortId(uuid))).toBe(uuid);
    }
  });

  it('name nothing when the id is not one of theirs', () => {
    for (const bad of ['', 'abc', 'zzzzzzzzzzzzzzzzzzzzzz', '0000000000000000000000_', '00000000000000000000-0', '../../etc/passwd00000']) {
      expect(uuidOfShortId(bad)).toBeNull();
    }
  });

  it('are absolute, carry the channel tag and nothing else', () => {
    const link = shortLink(`${ORIGIN}/`, id(3), CHANNELS.telegram);
    expect(link).toBe(`${ORIGIN}/a/${shortId(id(3))}?s=ed-tg`);
    expect(link.length).toBeLessThan(70);
  });
});

describe('the edition’s text', () => {
  it('opens on its date in French, numbers five stories and ends inviting to forward, with the edition’s address', () => {
    const text = essentialText(
      [1, 2, 3, 4, 5, 6, 7].map((n) => item(n)),
      options,
    )!;
    const lines = text.split('\n');
    expect(lines[0]).toBe("*L'essentiel du samedi 28 novembre*");
    expect(text).toContain('1. *Titre 1*\nPremier point clé 1\nhttps://www.afriqueactu.com/a/');
    expect(text).toContain('5. *Titre 5*');
    expect(text).not.toContain('6. ');
    expect(lines.at(-1)).toBe('Transférez-le à vos proches. Vérifiez sur https://www.afriqueactu.com/edition/2026-11-28?s=ed-wa');
  });

  it('gives fewer stories on a quiet day, and none at all without any', () => {
    const text = essentialText([item(1), item(2)], options)!;
    expect(text).toContain('2. *Titre 2*');
    expect(text).not.toContain('3. ');
    expect(essentialText([], options)).toBeNull();
  });

  it.each([10, 200, 2000])('stays within 1,000 characters with titles of %s letters', (length) => {
    const long = (n: number) => item(n, `${'Très long titre '.repeat(200)}`.slice(0, length), 'Point '.repeat(length));
    const text = essentialText([1, 2, 3, 4, 5].map(long), { ...options, channel: CHANNELS.telegram })!;
    expect(text.length).toBeLessThanOrEqual(TEXT_MAX);
    expect(text.match(/^\d\. \*/gm)).toHaveLength(5);
    // Every link whole: five short links, none cut.
    expect(text.match(/https:\/\/www\.afriqueactu\.com\/a\/[0-9A-Za-z]{22}\?s=ed-tg$/gm)).toHaveLength(5);
  });

  it('carries no formatting mark of an article’s own, nor any tracking but the channel tag', () => {
    const text = essentialText([item(1, 'Le *vrai* _bilan_ ~officiel~'), item(2)], options)!;
    expect(text).toContain('1. *Le vrai bilan officiel*');
    expect(text).not.toMatch(/utm_|fbclid|ref=/);
    expect([...text.matchAll(/\?(\S+)/g)].every((m) => m[1] === 's=ed-wa')).toBe(true);
  });

  it('tells each story by its first key point, else its excerpt', () => {
    const base = { id: id(1), title: 'T', content: '<p>Texte</p>' };
    expect(essentialItem({ ...base, key_points: ['Un', 'Deux'], excerpt: 'Résumé' }).gist).toBe('Un');
    expect(essentialItem({ ...base, key_points: [], excerpt: 'Résumé' }).gist).toBe('Résumé');
  });

  it('becomes a Telegram caption in HTML: bold kept, the rest escaped', () => {
    expect(telegramCaption('*L’essentiel* <b> & 1_2')).toBe('<b>L’essentiel</b> &lt;b&gt; &amp; 1_2');
  });
});

describe('days', () => {
  it('are real dates written in French', () => {
    expect(isDay('2026-11-29')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('29-11-2026')).toBe(false);
    expect(frenchDay('2026-11-29')).toBe('dimanche 29 novembre');
    expect(frenchDay('2026-03-01', true)).toBe('dimanche 1 mars 2026');
  });
});

describe('the card', () => {
  it('is a 1080 × 1350 JPEG under 150 KB, even with long headlines', async () => {
    const stories = [1, 2, 3, 4, 5].map((n) =>
      item(n, `Présidentielle : la Cour constitutionnelle valide la liste des candidats ${'après recours '.repeat(n * 3)}`),
    );
    const jpeg = await renderCard(stories, { origin: ORIGIN, day: '2026-11-28' });
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect(jpeg.length).toBeLessThanOrEqual(CARD_MAX_BYTES);
  });

  it('shows its headlines: the server has a font to draw them (fonts-dejavu or Liberation)', async () => {
    const jpeg = await renderCard([item(1, 'Élection présidentielle au Sénégal')], { origin: ORIGIN, day: '2026-11-28' });
    // The first headline's band, on a white card: with its letters drawn it is far from blank.
    const band = await sharp(jpeg).extract({ left: 140, top: 290, width: 800, height: 60 }).greyscale().stats();
    expect(band.channels[0]!.min).toBeLessThan(60);
    expect(band.channels[0]!.mean).toBeLessThan(250);
  });

  it('wraps a headline in three lines at most', () => {
    const lines = wrap('mot '.repeat(100), 30, 3);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.length <= 30)).toBe(true);
    expect(lines[2]).toMatch(/…$/);
  });
});
