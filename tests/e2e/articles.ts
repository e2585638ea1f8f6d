import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';

// The stories' own data, made through the real API with whichever client a spec chooses (the
// admin's, a journalist's or the service role), each remembered so the spec's afterAll removes it.

export interface Made {
  id: string;
  slug: string;
  title: string;
}

const BUCKET = 'article-images';

/** Inserts one article with the spec's own fields and pushes its id onto `made`. */
export async function makeArticle(client: SupabaseClient, fields: Record<string, unknown>, made: string[]): Promise<Made> {
  const { data, error } = await client.from('articles').insert(fields).select('id, slug, title').single();
  if (error) throw error;
  made.push(data.id);
  return data as Made;
}

/** Uploads an 800×450 PNG of one colour as `${prefix}-${n}.png`, pushes its path onto `uploaded`, returns its public URL. */
export async function uploadImage(client: SupabaseClient, prefix: string, n: number, color: string, uploaded: string[]): Promise<string> {
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: color } })
    .png()
    .toBuffer();
  const path = `${prefix}-${n}.png`;
  const { error } = await client.storage.from(BUCKET).upload(path, png, { contentType: 'image/png', cacheControl: '31536000' });
  if (error) throw error;
  uploaded.push(path);
  return client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
}
