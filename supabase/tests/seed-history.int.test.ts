import { describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { GALLERY_ARTICLE_SLUGS, GALLERY_CAPTIONS } from '../seed/plan.ts';

// The seeded articles' history is what supabase/seed.sql wrote, once supabase/seed/images.ts has
// given them their pictures (the test stack runs both): the pictures belong to every revision,
// and adding them leaves no revision of its own, no editor unknown, and the last edit's date.

const svc = serviceClient();
// The seed's articles have ids b0000000-0000-4000-8000-0000000000NN.
const SEEDED = ['b0000000-0000-4000-8000-000000000000', 'b0000000-0000-4000-8000-0000000000ff'];
const COCOA = 'b0000000-0000-4000-8000-000000000012';
const NOLLYWOOD = 'b0000000-0000-4000-8000-000000000013';
const EDITOR_IN_CHIEF = 'a0000000-0000-4000-8000-000000000001';

interface Seeded {
  id: string;
  slug: string;
  image_url: string | null;
  author_id: string;
  published_at: string | null;
  updated_at: string;
  article_revisions: {
    id: number;
    version: number;
    title: string;
    content: string;
    image_url: string | null;
    editor_id: string | null;
    created_at: string;
  }[];
}

async function seeded(): Promise<Seeded[]> {
  const { data, error } = await svc
    .from('articles')
    .select(
      'id, slug, image_url, author_id, published_at, updated_at, article_revisions(id, version, title, content, image_url, editor_id, created_at)',
    )
    .gte('id', SEEDED[0])
    .lte('id', SEEDED[1])
    .order('id', { referencedTable: 'article_revisions' });
  if (error) throw error;
  return data as Seeded[];
}

const byId = (rows: Seeded[], id: string) => rows.find((a) => a.id === id)!;
const at = (iso: string | null, hours: number) => new Date(Date.parse(iso!) + hours * 3_600_000).getTime();

describe('the seeded history', () => {
  it('every seeded article has its picture in each of its revisions, all signed', async () => {
    const rows = await seeded();
    expect(rows.length).toBeGreaterThanOrEqual(31);
    expect(rows.filter((a) => a.image_url).length, 'the seed images were added').toBeGreaterThan(20);
    for (const a of rows) {
      expect(a.article_revisions.length, `${a.slug} has a history`).toBeGreaterThan(0);
      for (const r of a.article_revisions) {
        expect(r.image_url, `${a.slug} v${r.version}: picture`).toBe(a.image_url);
        expect(r.editor_id, `${a.slug} v${r.version}: editor`).not.toBeNull();
      }
      // The newest revision is the article as it stands, saved at its last edit.
      expect(Date.parse(a.article_revisions.at(-1)!.created_at), `${a.slug}: last edit`).toBe(Date.parse(a.updated_at));
    }
  });

  it('the cocoa story: first published by its author, renamed three hours later by the editor-in-chief', async () => {
    const cocoa = byId(await seeded(), COCOA);
    const [first] = cocoa.article_revisions;
    expect(cocoa.article_revisions.map((r) => [r.version, r.editor_id])).toEqual([
      [first.version, cocoa.author_id],
      [first.version + 1, EDITOR_IN_CHIEF],
    ]);
    expect(cocoa.article_revisions[1].title).toBe('Cacao : la récolte intermédiaire rassure les planteurs ivoiriens');
    expect(Date.parse(cocoa.updated_at)).toBe(at(cocoa.published_at, 3));
  });

  it('the Nollywood story: its budget fixed by its author the next day', async () => {
    const film = byId(await seeded(), NOLLYWOOD);
    const [first] = film.article_revisions;
    expect(film.article_revisions.map((r) => [r.version, r.editor_id])).toEqual([
      [first.version, film.author_id],
      [first.version + 1, film.author_id],
    ]);
    expect(film.article_revisions[0].content).toContain('un budget de 2,1 millions de dollars');
    expect(film.article_revisions[1].content).toContain('un budget de 1,2 million de dollars');
    expect(Date.parse(film.updated_at)).toBe(at(film.published_at, 20));
  });
});

describe('the seeded newsroom', () => {
  const JOURNALIST = 'a0000000-0000-4000-8000-000000000005';

  it('a journalist with one article sent for review and one draft of his own, each with its history', async () => {
    const { data: roles } = await svc.from('user_roles').select('role').eq('user_id', JOURNALIST);
    expect(roles).toEqual([{ role: 'journalist' }]);
    const { data: profile } = await svc.from('profiles').select('full_name, slug, bio').eq('user_id', JOURNALIST).single();
    expect(profile).toMatchObject({ full_name: 'Moussa Traoré', slug: 'moussa-traore' });
    expect(profile!.bio).toContain('Bamako');
    const own = (await seeded()).filter((a) => a.author_id === JOURNALIST);
    const { data: statuses } = await svc
      .from('articles')
      .select('status, published_at')
      .in(
        'id',
        own.map((a) => a.id),
      )
      .order('status');
    expect(statuses).toEqual([
      { status: 'draft', published_at: null },
      { status: 'review', published_at: null },
    ]);
    // The history records the byline too (restoring a revision restores its author).
    const { data: revisions } = await svc
      .from('article_revisions')
      .select('author_id')
      .in(
        'article_id',
        own.map((a) => a.id),
      );
    expect(revisions!.map((r) => r.author_id)).toEqual(own.map(() => JOURNALIST));
  });

  it('every seed image says what it shows and who made it; the gallery images have captions, in order', async () => {
    const { data, error } = await svc
      .from('article_images')
      .select('alt_text, credit, caption, position, article:articles!inner(slug)')
      .gte('article_id', SEEDED[0])
      .lte('article_id', SEEDED[1])
      .order('position');
    if (error) throw error;
    const images = data as unknown as {
      alt_text: string | null;
      credit: string | null;
      caption: string | null;
      position: number;
      article: { slug: string };
    }[];
    expect(images.length).toBeGreaterThan(20);
    for (const i of images) {
      expect(i.alt_text, i.article.slug).toMatch(/^Illustration .+ « .+ »$/);
      expect(i.credit).toBe('Illustration AfriqueActu');
    }
    for (const slug of GALLERY_ARTICLE_SLUGS) {
      const gallery = images.filter((i) => i.article.slug === slug);
      expect(gallery.map((i) => [i.position, i.caption])).toEqual(GALLERY_CAPTIONS[slug].map((c, n) => [n, c]));
    }
    expect(images.filter((i) => i.caption).length).toBe(GALLERY_ARTICLE_SLUGS.length * 3);
  });
});
