import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { ARTICLE_IMAGES_BUCKET, IMAGE_CACHE_CONTROL } from '../../src/admin/articles/images/constants.ts';
import type { Database } from '../../src/lib/database.ts';
import { type AttachmentFacts, contentWindow, finishContent, prepareContent } from './content.ts';
import { Authors, Categories, type Db, everyRow } from './newsroom.ts';
import { Tags, TAGS_MAX } from './tags.ts';
import { loadPicture, masterNameOf, originalUpload, pictureFiles, renderPicture, uploadsPath } from './pictures.ts';
import {
  articleId,
  articleStatus,
  charLength,
  CONTENT_MAX,
  excerptText,
  gmtDate,
  headline,
  oldPaths,
  postDigest,
  RAW_CONTENT_MAX,
  sitePathsApart,
  TITLE_MAX,
  tooBigMessage,
  wantedSlug,
  withoutDataImages,
} from './plan.ts';
import { ImportReport } from './report.ts';
import { RecycledSanitizer } from './sanitizer.ts';
import { readWxr, type WxrChannel, type WxrItem } from './wxr.ts';

/**
 * `npm run import:wordpress` (docs/wordpress-import.md): a WordPress export into articles, through
 * the API with the service-role key, so the local stack and a hosted project alike.
 *
 * Two passes over the file, each streamed: the first keeps the attachments' few facts (their file,
 * alt text, caption, credit), the second imports the posts one at a time. Each post is written in
 * an order that a kill at any moment leaves recoverable: its pictures, the article (its id made
 * from the site and the post, the same on every run), its image row, its old addresses, and last
 * the record of its WordPress id. A rerun skips recorded posts; an article found without its
 * record is what a killed run left, and is made again.
 */

export interface ImportOptions {
  file: string;
  apiUrl: string;
  serviceRoleKey: string;
  imagesDir: string | null;
  /** Fetch pictures missing from imagesDir at their address (when the old site still answers). */
  download: boolean;
  dryRun: boolean;
  update: boolean;
  categoryMapping: Record<string, string>;
  defaultCategory: string;
  createCategories: boolean;
  /** Called after each post with the counts so far. */
  onProgress?: (done: number, total: number, report: ImportReport) => void;
  /** Tests: stop the process in the middle of the post after this many, as a kill would. */
  stopAfter?: number;
}

/** A post too big for an article (plan.ts): reported and skipped, the import goes on. */
class PostTooBig extends Error {
  constructor(readonly chars: number) {
    super(`post of ${chars} characters`);
  }
}

/** Posts read in one jsdom window before the next (see the loop). */
const WINDOW_POSTS = 500;

interface Attachment extends AttachmentFacts {
  /** `_wp_attached_file`: its path under wp-content/uploads. */
  file: string | null;
  credit: string;
}

/** The credit a photographer's camera wrote, as WordPress keeps it in the serialized image metadata. */
const serializedCredit = (meta: string | undefined) => /"credit";s:\d+:"([^"]*)"/.exec(meta ?? '')?.[1]?.trim() ?? '';

/** Pass 1: the attachments by id and by their original file, and how many posts there are. */
async function indexExport(file: string) {
  const byId = new Map<number, Attachment>();
  const byFile = new Map<string, number>();
  let channel: WxrChannel | null = null;
  let posts = 0;
  for await (const item of readWxr(file, (c) => (channel = c))) {
    if (item.type === 'post') posts++;
    if (item.type !== 'attachment') continue;
    const attached = item.meta._wp_attached_file?.trim() || uploadsPath(item.attachmentUrl);
    byId.set(item.id, {
      url: item.attachmentUrl,
      file: attached,
      alt: item.meta._wp_attachment_image_alt?.trim() ?? '',
      caption: item.excerpt.trim(),
      credit: serializedCredit(item.meta._wp_attachment_metadata),
    });
    if (attached) byFile.set(originalUpload(attached).toLowerCase(), item.id);
  }
  return { byId, byFile, channel: channel! as WxrChannel, posts };
}

export async function importWordpress(options: ImportOptions): Promise<ImportReport> {
  const report = new ImportReport(options.dryRun);
  const db: Db = createClient<Database>(options.apiUrl, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { byId, byFile, channel, posts } = await indexExport(options.file);
  if (!channel) throw new Error(`${options.file} is not a WordPress export (no <channel>)`);
  report.counts.attachments = byId.size;
  const categories = await Categories.load(
    db,
    channel.categories,
    { mapping: options.categoryMapping, defaultSlug: options.defaultCategory, create: options.createCategories, dryRun: options.dryRun },
    report,
  );
  const authors = await Authors.load(db, channel.authors, options.dryRun, report);
  const tags = await Tags.load(db, options.dryRun, report);
  const recorded = await recordedPosts(db);
  let win = contentWindow();
  const sanitizer = new RecycledSanitizer();
  const takenInDryRun = new Set<string>();

  const attachmentOf = (url: string): Attachment | null => {
    const path = uploadsPath(url);
    const id = path ? byFile.get(originalUpload(path).toLowerCase()) : undefined;
    return id === undefined ? null : byId.get(id)!;
  };

  // A picture shown by several posts (a gallery, a featured image reused) is stored once per run.
  const storedPictures = new Map<string, string>();

  /** Stores one picture through the pipeline; its master's public URL, or null (reported) when its file is missing. */
  async function storePicture(source: { url: string; file: string | null }, post: WxrItem): Promise<string | null> {
    const key = source.file ? originalUpload(source.file) : source.url;
    const known = storedPictures.get(key);
    if (known) return known;
    const url = await storeNewPicture(source, post);
    if (url) storedPictures.set(key, url);
    return url;
  }

  async function storeNewPicture(source: { url: string; file: string | null }, post: WxrItem): Promise<string | null> {
    // A dry run finds the same pictures as the real run (the folder, then a download when allowed):
    // one it counts stored is one the real run keeps in the text.
    const bytes = await loadPicture(source, options.imagesDir, options.download);
    if (!bytes) {
      report.counts.picturesMissing++;
      report.warn(`image introuvable : ${source.file ?? source.url}`, post);
      return null;
    }
    let master: string;
    let files: ReturnType<typeof pictureFiles> = [];
    try {
      // A dry run names the master as the real run will (its size from the file's header), so the
      // text it measures against the limit is as long as the one the real run writes.
      if (options.dryRun) master = await masterNameOf(bytes);
      else master = (files = pictureFiles(await renderPicture(bytes))).at(-1)!.name;
    } catch (error) {
      report.counts.picturesMissing++;
      report.warn(`image illisible : ${source.file ?? source.url} (${(error as Error).message})`, post);
      return null;
    }
    report.counts.picturesStored++;
    const bucket = db.storage.from(ARTICLE_IMAGES_BUCKET);
    for (const f of files) {
      const { error } = await bucket.upload(`wordpress/${f.name}`, f.body, { contentType: f.type, cacheControl: IMAGE_CACHE_CONTROL });
      if (error) throw new Error(`storing ${f.name} failed: ${error.message}`);
    }
    // The public URL is made from the project's address alone (no request): a dry run's is the real one's shape.
    return bucket.getPublicUrl(`wordpress/${master}`).data.publicUrl;
  }

  /** The slug the product's rule gives: the wanted one, else -2, -3… (next_free_article_slug). */
  async function freeSlug(wanted: string, id: string): Promise<string> {
    if (options.dryRun) {
      let n = 1;
      let candidate = wanted;
      while (takenInDryRun.has(candidate)) candidate = `${wanted}-${++n}`;
      takenInDryRun.add(candidate);
      return candidate;
    }
    const { data, error } = await db.rpc('next_free_article_slug', { wanted, article_id: id });
    if (error) throw new Error(`next_free_article_slug(${wanted}): ${error.message}`);
    return data;
  }

  /** The article's fields from the post (pictures stored on the way). */
  async function articleFields(item: WxrItem, id: string, status: NonNullable<ReturnType<typeof articleStatus>>, html: string) {
    const prepared = prepareContent(html, (n) => byId.get(n) ?? null, win);
    for (const name of prepared.droppedShortcodes) {
      report.shortcodes[name] = (report.shortcodes[name] ?? 0) + 1;
      report.warn(`code court [${name}] retiré, son texte gardé`, item);
    }
    const stored = new Map<string, string>();
    for (const src of prepared.images) {
      const attachment = attachmentOf(src);
      const url = await storePicture({ url: src, file: attachment?.file ?? uploadsPath(src) }, item);
      if (url) stored.set(src, url);
    }
    const content = await finishContent(prepared, stored, (html) => sanitizer.sanitize(html));
    // Before the byline, the category and the slug are taken for it: nothing of a refused post is written.
    if (charLength(content) > CONTENT_MAX) throw new PostTooBig(charLength(content));
    if (item.title.trim().length > TITLE_MAX) report.warn(`titre raccourci à ${TITLE_MAX} caractères`, item);
    const publishedAt = gmtDate(item.dateGmt) ?? gmtDate(item.localDate);
    return {
      id,
      title: headline(item.title),
      excerpt: excerptText(item.excerpt),
      content,
      editor_mode: 'html' as const,
      status,
      published_at: status === 'draft' || status === 'review' ? null : publishedAt,
      author_id: await authors.idFor(item.creator),
      category_id: await categories.idFor(item),
      slug: await freeSlug(wantedSlug(item), id),
      ...(publishedAt ? { created_at: publishedAt } : {}),
      updated_at: gmtDate(item.modifiedGmt) ?? publishedAt ?? new Date().toISOString(),
    };
  }

  /** The featured image (`_thumbnail_id`): stored, then the article's main image with its facts. */
  async function featuredImage(item: WxrItem, articleTitle: string, public_: boolean) {
    const thumbnail = Number(item.meta._thumbnail_id ?? 0);
    if (!thumbnail) return null;
    const attachment = byId.get(thumbnail);
    if (!attachment) {
      report.counts.picturesMissing++;
      report.warn(`image à la une #${thumbnail} absente de l’export`, item);
      return null;
    }
    const url = await storePicture(attachment, item);
    if (!url) return null;
    let alt = attachment.alt;
    if (!alt && public_) {
      // An image of a published article must say what it shows (the product's rule).
      alt = attachment.caption || `Illustration de l’article « ${articleTitle} »`;
      report.warn('image à la une sans texte alternatif : légende ou titre repris, à revoir', item);
    }
    return {
      image_url: url,
      alt_text: alt.slice(0, 250) || null,
      caption: attachment.caption.slice(0, 300) || null,
      credit: attachment.credit.slice(0, 120) || null,
      position: 0,
    };
  }

  async function importPost(item: WxrItem, status: NonNullable<ReturnType<typeof articleStatus>>, html: string): Promise<void> {
    const id = articleId(channel, item.id);
    const fields = await articleFields(item, id, status, html);
    const featured = await featuredImage(item, fields.title, status === 'published' || status === 'scheduled');
    const { kept: paths, taken } = sitePathsApart(oldPaths(item, channel));
    for (const path of taken) report.warn(`ancienne adresse ${path} non reprise : c’est une adresse du site`, item);
    const tagIds = await tags.idsFor(item);
    if (options.dryRun) return;
    // What a killed run may have left of this post: made again from the start.
    await must(db.from('articles').delete().eq('id', id), 'removing a half-imported article');
    await must(db.from('articles').insert({ ...fields, image_url: featured?.image_url ?? null }), `inserting post ${item.id}`);
    if (options.stopAfter !== undefined && report.counts.imported >= options.stopAfter) process.exit(3);
    if (featured) await must(db.from('article_images').insert({ ...featured, article_id: id }), `image row of post ${item.id}`);
    if (tagIds.length)
      await must(db.from('article_tags').insert(tagIds.map((tag_id) => ({ article_id: id, tag_id }))), `tags of post ${item.id}`);
    if (paths.length)
      await must(
        db.from('wordpress_redirects').upsert(
          paths.map((path) => ({ path, article_id: id })),
          { onConflict: 'path' },
        ),
        `old addresses of post ${item.id}`,
      );
    await must(
      db
        .from('wordpress_posts')
        .insert({ wordpress_id: item.id, article_id: id, modified_gmt: gmtDate(item.modifiedGmt), digest: postDigest(item) }),
      `recording post ${item.id}`,
    );
  }

  async function updatePost(item: WxrItem, articleIdValue: string, status: NonNullable<ReturnType<typeof articleStatus>>, html: string) {
    const fields = await articleFields(item, articleIdValue, status, html);
    const tagIds = await tags.idsFor(item);
    if (options.dryRun) return;
    const { data, error } = await db.from('articles').select('version').eq('id', articleIdValue).single();
    if (error) throw new Error(`reading article of post ${item.id}: ${error.message}`);
    const { id: _id, created_at: _created, ...changes } = { created_at: undefined, ...fields };
    await must(
      db
        .from('articles')
        .update({ ...changes, version: data.version })
        .eq('id', articleIdValue),
      `updating post ${item.id}`,
    );
    await addTags(articleIdValue, tagIds, item.id);
    await must(
      db
        .from('wordpress_posts')
        .update({ digest: postDigest(item), modified_gmt: gmtDate(item.modifiedGmt), updated_at: new Date().toISOString() })
        .eq('wordpress_id', item.id),
      `recording post ${item.id}`,
    );
  }

  /** Tags a post gained since it was imported, beside those the newsroom gave its article (at most TAGS_MAX in all). */
  async function addTags(articleIdValue: string, tagIds: string[], post: number) {
    const { data, error } = await db.from('article_tags').select('tag_id').eq('article_id', articleIdValue);
    if (error) throw new Error(`reading the tags of post ${post}: ${error.message}`);
    const has = new Set(data.map((t) => t.tag_id));
    const added = tagIds.filter((t) => !has.has(t)).slice(0, Math.max(0, TAGS_MAX - has.size));
    if (added.length)
      await must(db.from('article_tags').insert(added.map((tag_id) => ({ article_id: articleIdValue, tag_id }))), `tags of post ${post}`);
  }

  let done = 0;
  try {
    for await (const item of readWxr(options.file)) {
      await importItem(item);
      // jsdom keeps what selectors found in a window's documents until the window goes: a new one now and then.
      if (++done % WINDOW_POSTS === 0) {
        win.close();
        win = contentWindow();
      }
    }
  } finally {
    await sanitizer.close();
  }
  return report;

  async function importItem(item: WxrItem): Promise<void> {
    if (item.type === 'attachment') return;
    if (item.type !== 'post') {
      report.counts.otherTypes++;
      report.otherTypes[item.type] = (report.otherTypes[item.type] ?? 0) + 1;
      return;
    }
    report.counts.posts++;
    const status = articleStatus(item.status);
    if (!status) {
      report.counts.notImported++;
      report.warn(`non importé (statut WordPress « ${item.status} »)`, item);
    } else {
      const known = recorded.get(item.id);
      if (known && !(options.update && known.digest !== postDigest(item))) report.counts.skipped++;
      else await importOrUpdate(item, status, known?.articleId ?? null);
    }
    options.onProgress?.(report.counts.posts, posts, report);
  }

  /**
   * A new post imported, a changed one updated (`earlier`: the article an earlier run made of it);
   * one too big for an article skipped and reported, as a dry run says.
   */
  async function importOrUpdate(item: WxrItem, status: NonNullable<ReturnType<typeof articleStatus>>, earlier: string | null) {
    try {
      // Pictures written into the text (base64) are never imported: out before the post is measured.
      const { html, removed } = withoutDataImages(item.content);
      if (removed) {
        report.counts.picturesMissing += removed;
        report.warn(`${removed} image(s) écrite(s) dans le texte (data:) non reprise(s)`, item);
      }
      if (html.length > RAW_CONTENT_MAX) throw new PostTooBig(charLength(html));
      if (earlier) {
        await updatePost(item, earlier, status, html);
        report.counts.updated++;
      } else {
        await importPost(item, status, html);
        report.counts.imported++;
      }
    } catch (error) {
      if (!(error instanceof PostTooBig)) throw error;
      report.counts.tooBig++;
      report.warn(tooBigMessage(error.chars), item);
    }
  }
}

async function must(query: PromiseLike<{ error: { message: string } | null }>, what: string): Promise<void> {
  const { error } = await query;
  if (error) throw new Error(`${what} failed: ${error.message}`);
}

/** Every post an earlier run recorded: its article and digest. */
async function recordedPosts(db: Db): Promise<Map<number, { articleId: string; digest: string }>> {
  const rows = await everyRow(
    (from, to) => db.from('wordpress_posts').select('wordpress_id, article_id, digest').order('wordpress_id').range(from, to),
    'earlier imports',
  );
  return new Map(rows.map((r) => [r.wordpress_id, { articleId: r.article_id, digest: r.digest }]));
}
