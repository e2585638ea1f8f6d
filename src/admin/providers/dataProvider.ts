import { useDataProvider } from 'react-admin';
import { env } from '@/lib/env';
import { supabase } from '@/lib/supabase';
import { removeArticleImageFiles } from '../articles/images/imageStorage';
import { createNewsroomDataProvider, type NewsroomDataProvider } from './newsroomDataProvider';

/** The back office's data provider, over the site's one Supabase client. */
export const dataProvider = createNewsroomDataProvider({
  supabaseUrl: env.supabaseUrl,
  anonKey: env.supabaseAnonKey,
  client: supabase,
  removeImageFiles: removeArticleImageFiles,
});

/** useDataProvider with the back office's own methods (dashboardStats, analyticsSummary, setRole). */
export const useNewsroomDataProvider = () => useDataProvider<NewsroomDataProvider>();
