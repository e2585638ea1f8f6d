import { supabase } from '@/lib/supabase';
import { IMAGE_COLUMNS, insertImageRow } from '../../providers/articleImageRows';
import { goesOut } from './altText';
import type { ImageRow, PanelImage } from './types';

export type ListedImage = PanelImage & { position: number };

/**
 * An article's images in the reader's order (position, then age) with their facts, its current
 * main image, and whether it is out (published or scheduled), in one request: the form's record
 * may be an older cached copy that predates the last upload or a colleague's publication.
 */
export async function listArticleImages(articleId: string): Promise<{ cover: string | null; out: boolean; images: ListedImage[] }> {
  const { data, error } = await supabase
    .from('articles')
    .select(`image_url, status, article_images(${IMAGE_COLUMNS})`)
    .eq('id', articleId)
    .order('position', { referencedTable: 'article_images' })
    .order('created_at', { referencedTable: 'article_images' })
    .single();
  if (error) throw error;
  return { cover: data.image_url, out: goesOut(data.status), images: data.article_images };
}

/** The data provider's insertImageRow on the browser's client (a refusal is its ImageNotSaved). */
export const insertArticleImage = (articleId: string, row: ImageRow): Promise<PanelImage> => insertImageRow(supabase, articleId, row);

export async function deleteArticleImage(id: string): Promise<void> {
  const { error } = await supabase.from('article_images').delete().eq('id', id);
  if (error) throw error;
}

/**
 * The article's main image (cards, featured article, sharing), set as soon as an image is added
 * or removed. Sent without a version: it changes no text, so it must not be refused because a
 * colleague saved meanwhile. Resolves with the article's new version (every update bumps it).
 */
export async function setArticleCover(articleId: string, url: string | null): Promise<number> {
  const { data, error } = await supabase.from('articles').update({ image_url: url }).eq('id', articleId).select('version').single();
  if (error) throw error;
  return data.version;
}
