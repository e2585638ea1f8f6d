import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, serviceClient } from '@afriqueactu/supabase-local/testing';
import { altTextRefusal } from '../articles/images/altText';
import { publicImagePrefix } from '../articles/images/imageFiles';
import { ArticleImagesNotRecorded } from './articleCallbacks';
import { ImageNotSaved } from './articleImageRows';
import type { NewsroomDataProvider } from './newsroomDataProvider';
import { signedInProvider } from '../../../tests/integration/stackProvider';

// An article's images with their facts, saved through the back office's data provider as the
// editor sends them (meta.images), against the real stack signed in as the seeded administrator:
// the database's rule (every image of an article that goes out has its alternative text) decides.
// The rows only name images: no file is needed for these rules.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const COLUMNS = ['id', 'status', 'image_url', 'version'];
let admin: SupabaseClient;
let provider: NewsroomDataProvider;
let prefix: string;
const made: string[] = [];

const url = (name: string) => `${prefix}${RUN}-${name}.800x450.webp`;
const article = (n: number, extra: Record<string, unknown> = {}) => ({
  title: `Images ${RUN} ${n}`,
  slug: `images-${RUN}-${n}`,
  content: '<p>Un texte.</p>',
  status: 'draft',
  ...extra,
});

type Row = { id: string; image_url: string; caption: string | null; credit: string | null; alt_text: string | null; position: number };
const rowsOf = async (articleId: string): Promise<Row[]> => {
  const { data, error } = await admin
    .from('article_images')
    .select('id, image_url, caption, credit, alt_text, position')
    .eq('article_id', articleId)
    .order('position');
  if (error) throw error;
  return data as Row[];
};
const articleRow = async (id: string) =>
  (await admin.from('articles').select('status, image_url, version, image_alt').eq('id', id).single()).data as {
    status: string;
    image_url: string | null;
    version: number;
    image_alt: string | null;
  };

async function created(n: number, images: unknown[], extra: Record<string, unknown> = {}) {
  const { data } = await provider.create('articles', { data: article(n, extra), meta: { columns: COLUMNS, images } });
  made.push(String(data.id));
  return data;
}

beforeAll(async () => {
  ({ client: admin, provider } = await signedInProvider());
  prefix = publicImagePrefix(inject('apiUrl'));
});

afterAll(async () => {
  if (made.length) await serviceClient().from('articles').delete().in('id', made);
});

describe('a new article', () => {
  it('records its images after it exists, in order, with their facts, the chosen one as main image', async () => {
    const data = await created(
      1,
      [
        { image_url: url('marche'), alt_text: 'Des étals au marché Sandaga', caption: 'Le marché à midi', credit: null },
        { image_url: url('port'), alt_text: 'Le port de Dakar au lever du jour', caption: null, credit: 'AFP / Aïssatou Ba' },
      ],
      { image_url: url('port') },
    );
    expect(data.image_url).toBe(url('port'));
    expect((await rowsOf(String(data.id))).map(({ id: _id, ...row }) => row)).toEqual([
      { image_url: url('marche'), alt_text: 'Des étals au marché Sandaga', caption: 'Le marché à midi', credit: null, position: 0 },
      { image_url: url('port'), alt_text: 'Le port de Dakar au lever du jour', caption: null, credit: 'AFP / Aïssatou Ba', position: 1 },
    ]);
    // Cards read the main image's alternative text.
    expect((await articleRow(String(data.id))).image_alt).toBe('Le port de Dakar au lever du jour');
  });

  it('published at once: an image without alternative text is refused, and the message names it', async () => {
    const refused = await provider
      .create('articles', {
        data: article(2, { status: 'published' }),
        meta: { columns: COLUMNS, images: [{ image_url: url('decrite'), alt_text: 'Un pêcheur' }, { image_url: url('muette') }] },
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ArticleImagesNotRecorded);
    made.push((refused as ArticleImagesNotRecorded).articleId);
    expect(altTextRefusal(refused)).toBe("Ajoutez un texte alternatif à l'image 2 avant de publier l'article.");
  });
});

describe('saving an existing article', () => {
  it('writes the facts and the new order of its images, only the rows sent', async () => {
    const data = await created(3, [url('a'), url('b'), url('c')]);
    const [a, b, c] = await rowsOf(String(data.id));
    // c first, then a (with a caption), then b; image_url follows the choice.
    const { data: saved } = await provider.update('articles', {
      id: data.id,
      data: { title: `Images ${RUN} 3 bis`, version: data.version, image_url: c.image_url },
      previousData: data,
      meta: {
        columns: COLUMNS,
        images: [
          { id: c.id, image_url: c.image_url, position: 0, alt_text: null, caption: null, credit: null },
          { id: a.id, image_url: a.image_url, position: 1, alt_text: null, caption: '  Au port  ', credit: 'Reuters' },
          { id: b.id, image_url: b.image_url, position: 2, alt_text: 'Une pirogue', caption: null, credit: null },
        ],
      },
    });
    expect(saved.image_url).toBe(c.image_url);
    expect((await rowsOf(String(data.id))).map((r) => [r.id, r.position, r.caption, r.credit, r.alt_text])).toEqual([
      [c.id, 0, null, null, null],
      [a.id, 1, 'Au port', 'Reuters', null],
      [b.id, 2, null, null, 'Une pirogue'],
    ]);
  });

  it('refuses to publish while an image lacks its alternative text; the same save with the text written first is accepted', async () => {
    const data = await created(4, [
      { image_url: url('p1'), alt_text: 'Une salle de classe' },
      { image_url: url('p2'), caption: 'Sans description' },
    ]);
    const id = String(data.id);
    const [, second] = await rowsOf(id);
    const refused = await provider
      .update('articles', {
        id: data.id,
        data: { status: 'published', version: data.version },
        previousData: data,
        meta: { columns: COLUMNS, images: [] },
      })
      .catch((e: unknown) => e);
    expect(altTextRefusal(refused)).toBe("Ajoutez un texte alternatif à chaque image avant de publier l'article.");
    expect(await articleRow(id)).toMatchObject({ status: 'draft', version: data.version });

    const { data: published } = await provider.update('articles', {
      id: data.id,
      data: { status: 'published', version: data.version },
      previousData: data,
      meta: {
        columns: COLUMNS,
        images: [
          { id: second.id, image_url: second.image_url, position: 1, alt_text: 'Des élèves au tableau', caption: 'Sans description' },
        ],
      },
    });
    expect(published.status).toBe('published');
    expect((await rowsOf(id))[1].alt_text).toBe('Des élèves au tableau');
    // Readers now see the image with its facts.
    const { data: publicRows } = await client().from('article_images').select('alt_text, caption').eq('article_id', id).order('position');
    expect(publicRows).toEqual([
      { alt_text: 'Une salle de classe', caption: null },
      { alt_text: 'Des élèves au tableau', caption: 'Sans description' },
    ]);
  });

  it("keeps the alternative text of a published article's image: the write is refused, naming the image, and the article stays as it was", async () => {
    const published = await created(
      5,
      [
        { image_url: url('q1'), alt_text: 'Un marché couvert' },
        { image_url: url('q2'), alt_text: 'Des élèves au tableau' },
      ],
      { status: 'published' },
    );
    const id = String(published.id);
    const [, second] = await rowsOf(id);
    const refused = await provider
      .update('articles', {
        id: published.id,
        data: { title: 'Ne doit pas passer', version: published.version },
        previousData: published,
        meta: { columns: COLUMNS, images: [{ id: second.id, image_url: second.image_url, position: 1, alt_text: '   ' }] },
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImageNotSaved);
    expect(altTextRefusal(refused)).toBe("Ajoutez un texte alternatif à l'image 2 avant de publier l'article.");
    expect(await articleRow(id)).toMatchObject({ status: 'published', version: published.version });
    expect((await rowsOf(id))[1].alt_text).toBe('Des élèves au tableau');
  });
});
