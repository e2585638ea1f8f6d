import { supabase } from '@/lib/supabase';
import type { PanelImage } from './types';

/** An article's images, oldest first (the reader's order). */
export async function listArticleImages(articleId: string): Promise<PanelImage[]> {
  const { data, error } = await supabase.from('article_images').select('id, image_url').eq('article_id', articleId).order('created_at');
  if (error) throw error;
  return data as PanelImage[];
}

export async function insertArticleImage(articleId: string, url: string): Promise<PanelImage> {
  const { data, error } = await supabase.from('article_images').insert({ article_id: articleId, image_url: url }).select('id, image_url').single();
  if (error) throw error;
  return data as PanelImage;
}

export async function deleteArticleImage(id: string): Promise<void> {
  const { error } = await supabase.from('article_images').delete().eq('id', id);
  if (error) throw error;
}

/** The article's main image (cards, featured article, sharing). */
export async function setArticleCover(articleId: string, url: string | null): Promise<void> {
  const { error } = await supabase.from('articles').update({ image_url: url }).eq('id', articleId);
  if (error) throw error;
}
