import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { randomToken } from '../../src/admin/articles/images/imageFiles.ts';
import { masterName, renditionName, shareImageName } from '../../src/lib/renditions.ts';
import { ARTWORK_HEIGHT, ARTWORK_WIDTH } from './artwork.ts';
import { cachedArtwork } from './artworkCache.ts';
import { captionFor, imageCountFor } from './plan.ts';

/**
 * Gives the seeded articles their pictures, after supabase/seed.sql: SQL can neither draw nor
 * upload. Goes through the API with the service-role key, exactly like the editor's uploads, so
 * it works on the local stack and on a hosted staging project alike.
 *
 * Each image is a master named by the rule of src/lib/renditions.ts (`seed/{slug}-{n}-{random}.1200x675.webp`)
 * with its renditions beside it (320, 640 and 960 px wide) and its share picture (`….share.jpg`).
 * The random part is the editor's (randomToken): the bucket is public, so a draft's or a scheduled
 * story's picture must not be found by guessing its name from the article's slug.
 *
 * Idempotent per article: only articles with no image at all (no image_url, no article_images
 * row) get one, so a second run, or a run after a partial failure, adds nothing twice. Articles
 * named in plan.ts as imageless stay without one.
 */

export const ARTICLE_IMAGES_BUCKET = 'article-images';
// Small batches: sharp renders on every core while the previous uploads are in flight.
const BATCH_SIZE = 4;

interface SeedArticle {
  id: string;
  slug: string;
  title: string;
  image_url: string | null;
  version: number;
  updated_at: string;
  category: { slug: string } | null;
  article_images: { id: string }[];
}
interface Job {
  article: SeedArticle;
  n: number;
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

async function uploadOne(sb: SupabaseClient, { article, n }: Job): Promise<Job & { url: string }> {
  const master = { stem: `seed/${article.slug}-${n}-${randomToken()}`, width: ARTWORK_WIDTH, height: ARTWORK_HEIGHT };
  const { master: body, renditions, share } = await cachedArtwork(article.category?.slug ?? null, `${article.slug}-${n}`);
  // Renditions first, the master last, as the editor does: a recorded image_url always has them.
  const files = [
    ...renditions.map((r) => ({ path: renditionName(master, r.width), body: r.body, type: 'image/webp' })),
    { path: shareImageName(master), body: share, type: 'image/jpeg' },
    { path: masterName(master.stem, master.width, master.height), body, type: 'image/webp' },
  ];
  for (const { path, body: file, type } of files) {
    const { error } = await sb.storage
      .from(ARTICLE_IMAGES_BUCKET)
      .upload(path, file, { contentType: type, cacheControl: '31536000', upsert: true });
    if (error) throw new Error(`seedImages: uploading ${path} failed: ${error.message}`);
  }
  return { article, n, url: sb.storage.from(ARTICLE_IMAGES_BUCKET).getPublicUrl(files.at(-1)!.path).data.publicUrl };
}

const failed = (what: string, article: SeedArticle, error: { message: string }) =>
  new Error(`seedImages: ${what} of ${article.slug} failed: ${error.message}`);

/**
 * Sets the article's main image as if it had been there from the start. The seed's history
 * (supabase/seed.sql: who saved which version, when) is about the text, and the picture only
 * arrives now because SQL cannot make it. An update through the API is a save like any other: it
 * bumps the version, stamps updated_at and records a revision by nobody, dated now. So the
 * picture goes into the revisions the seed wrote, the save's own revision goes, and updated_at
 * gets the seed's date back (a second write: one that sets it to another value keeps that value,
 * and changes nothing the history tracks, so it records no revision). The version keeps both bumps:
 * it only guards against stale saves, and only the database may move it.
 */
async function giveMainImage(sb: SupabaseClient, article: SeedArticle, url: string): Promise<void> {
  const set = await sb
    .from('articles')
    .update({ image_url: url, version: article.version })
    .eq('id', article.id)
    .select('version')
    .single();
  if (set.error) throw failed('setting the image', article, set.error);
  const { version } = set.data as { version: number };
  const dated = await sb.from('articles').update({ updated_at: article.updated_at, version }).eq('id', article.id);
  if (dated.error) throw failed('restoring the last edit date', article, dated.error);
  const dropped = await sb.from('article_revisions').delete().eq('article_id', article.id).gt('version', article.version);
  if (dropped.error) throw failed("removing the image save's revision", article, dropped.error);
  const pictured = await sb.from('article_revisions').update({ image_url: url }).eq('article_id', article.id).is('image_url', null);
  if (pictured.error) throw failed('adding the image to the history', article, pictured.error);
}

/**
 * What the editor asks of every image: an alternative text (required before an article goes out),
 * a credit, and its place in the article; the gallery images also get a caption. The seed's
 * pictures are drawn motifs, and the alternative text says so.
 */
function imageFacts({ article, n }: Job): { alt_text: string; caption: string | null; credit: string; position: number } {
  return {
    alt_text: `Illustration ${n > 1 ? `${n} ` : ''}aux motifs géométriques pour l'article « ${article.title} »`,
    caption: captionFor(article.slug, n),
    credit: 'Illustration AfriqueActu',
    position: n - 1,
  };
}

/** Draws, uploads and records the seed images. Returns how many images were added (0 if none needed). */
export async function seedImages(opts: { apiUrl: string; serviceRoleKey: string }): Promise<number> {
  const sb = createClient(opts.apiUrl, opts.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { data, error } = await sb
    .from('articles')
    .select('id, slug, title, image_url, version, updated_at, category:categories(slug), article_images(id)')
    .order('created_at', { ascending: true });
  if (error) throw new Error(`seedImages: reading articles failed: ${error.message}`);

  const articles = (data as unknown as SeedArticle[]).filter((a) => !a.image_url && a.article_images.length === 0);
  const jobs = articles.flatMap((article) => Array.from({ length: imageCountFor(article.slug) }, (_, i) => ({ article, n: i + 1 })));
  if (jobs.length === 0) return 0;

  const uploaded = await inBatches(jobs, BATCH_SIZE, (job) => uploadOne(sb, job));

  // Explicit, distinct created_at in job order (image 1 first): the reader orders an article's
  // images by it, and rows inserted in one statement would otherwise share one timestamp.
  const base = Date.now() - uploaded.length * 1000;
  const { error: insertError } = await sb.from('article_images').insert(
    uploaded.map((u, i) => ({
      article_id: u.article.id,
      image_url: u.url,
      ...imageFacts(u),
      created_at: new Date(base + i * 1000).toISOString(),
    })),
  );
  if (insertError) throw new Error(`seedImages: recording images failed: ${insertError.message}`);

  // An article's first image is its image_url (cards, featured article, sharing).
  const firsts = uploaded.filter((u) => u.n === 1);
  await inBatches(firsts, 8, (u) => giveMainImage(sb, u.article, u.url));
  return uploaded.length;
}
