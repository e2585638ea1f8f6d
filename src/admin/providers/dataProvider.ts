import { env } from '@/lib/env';
import { supabase } from '@/lib/supabase';
import { ARTICLE_IMAGES_BUCKET } from '../articles/images/constants';
import { bucketFiles } from './imageBucket';
import { createNewsroomDataProvider } from './newsroomDataProvider';

/** The back office's data provider, over the site's one Supabase client (storage loaded on first use). */
export const dataProvider = createNewsroomDataProvider({
  supabaseUrl: env.supabaseUrl,
  anonKey: env.supabaseAnonKey,
  client: supabase,
  imageFiles: bucketFiles(async () => (await supabase.storage()).from(ARTICLE_IMAGES_BUCKET)),
});

/** The article editor's field outbox (articleOutbox.ts), beside the provider its saves go through. */
export const articleOutbox = dataProvider.articleOutbox;
