import { supabase } from '@/lib/supabase';
import type { PanelImage } from './types';

/**
 * An article's images, oldest first (the reader's order), with its current main image, in one
 * request: the form's record may be an older cached copy that predates the last upload.
 */
export async function listArticleImages(articleId: string): Promise<{ cover: string | null; images: PanelImage[] }> {
  const { data, error } = await supabase
    .from('articles')
    .select('image_url, article_images(id, image_url)')
    .eq('id', articleId)
    .order('created_at', { referencedTable: 'article_images' })
    .single();
  if (error) throw error;
  const row = data as { image_url: string | null; article_images: PanelImage[] };
  return { cover: row.image_url, images: row.article_images };
}

export async function insertArticleImage(articleId: string, url: string): Promise<PanelImage> {
  const { data, error } = await supabase
    .from('article_images')
    .insert({ article_id: articleId, image_url: url })
    .select('id, image_url')
    .single();
  if (error) throw error;
  return data as PanelImage;
}

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
  return (data as { version: number }).version;
}
