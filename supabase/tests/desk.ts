import type { PostgrestMaybeSingleResponse, SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { must, uid } from './helpers.ts';

// What the writing-desk tests do over and over: write an article as someone, save it as the
// editor does (with the version it loaded), and clean up as the service role.

export const ARTICLE = 'id, slug, title, status, published_at, author_id, version, editor_mode';
export interface DeskArticle {
  id: string;
  slug: string;
  title: string;
  status: string;
  published_at: string | null;
  author_id: string | null;
  version: number;
  editor_mode: string;
}

const written: string[] = [];

/** Inserts an article as `sb` (a draft unless `extra` says otherwise) and remembers it for cleanup. */
export async function write(sb: SupabaseClient, categoryId: string, extra: Record<string, unknown> = {}): Promise<DeskArticle> {
  const token = uid();
  const row = must(
    await sb
      .from('articles')
      .insert({ slug: `redaction-${token}`, title: `Papier ${token}`, content: `<p>Texte ${token}</p>`, category_id: categoryId, ...extra })
      .select(ARTICLE)
      .single(),
    'write an article',
  ) as DeskArticle;
  written.push(row.id);
  return row;
}

/** An insert that may be refused: the raw answer, the row remembered for cleanup if it was made. */
export async function tryWrite(sb: SupabaseClient, categoryId: string, extra: Record<string, unknown>) {
  const token = uid();
  const res = await sb
    .from('articles')
    .insert({ slug: `essai-${token}`, title: `Essai ${token}`, content: '<p>x</p>', category_id: categoryId, ...extra })
    .select(ARTICLE)
    .maybeSingle();
  if (res.data) written.push((res.data as DeskArticle).id);
  return res;
}

/**
 * How save() and stored() read the row back. By default a missing row is no error: a save a policy
 * hid answers null with its count of 0, a deleted article is null. `single` makes it one (the
 * workflow tests only touch rows that are there), and asks no count.
 */
export interface ReadBack {
  columns?: string;
  single?: boolean;
}

/** A save as the editor makes it: the changes and the version it loaded. */
export function save<Row = DeskArticle>(
  sb: SupabaseClient,
  article: Pick<DeskArticle, 'id' | 'version'>,
  changes: Record<string, unknown>,
  { columns = ARTICLE, single = false }: ReadBack = {},
): PromiseLike<PostgrestMaybeSingleResponse<Row>> {
  const update = sb
    .from('articles')
    .update({ ...changes, version: article.version }, single ? undefined : { count: 'exact' })
    .eq('id', article.id)
    .select(columns);
  return (single ? update.single() : update.maybeSingle()) as PromiseLike<PostgrestMaybeSingleResponse<Row>>;
}

/** The article as it is stored (null once deleted unless `single`), read past every policy. */
export async function stored<Row = DeskArticle>(id: string, { columns = ARTICLE, single = false }: ReadBack = {}): Promise<Row | null> {
  const read = serviceClient().from('articles').select(columns).eq('id', id);
  const { data, error } = await (single ? read.single() : read.maybeSingle());
  if (error) throw new Error(`service role reads the article: ${error.message}`);
  return data as Row | null;
}

/** An administrator's publication of an article, as the service role stands in for one. */
export async function publishAsService(id: string): Promise<DeskArticle> {
  const { data, error } = await serviceClient().from('articles').update({ status: 'published' }).eq('id', id).select(ARTICLE).single();
  if (error) throw new Error(`service role publishes: ${error.message}`);
  return data as DeskArticle;
}

/** Removes every article written through write() or tryWrite() (their images, pins and drafts go with them). */
export async function removeWritten(): Promise<void> {
  const ids = written.splice(0);
  if (ids.length) await serviceClient().from('articles').delete().in('id', ids);
}

/** Real image bytes, as the editor sends (the bucket, like hosted storage, reads only the declared type). */
export const png = (colour = '#2e86c1') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A WebP this size: the editor's masters and renditions are WebP files named after their size. */
export const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#d4ac0d' } })
    .webp()
    .toBuffer();

export const IMAGES_BUCKET = 'article-images';
