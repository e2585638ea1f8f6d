import type { DataClient } from '@/lib/supabase';
import { fetchArticle } from './api/article';
import { fetchCategory } from './api/category';
import { fetchHome } from './api/home';
import { searchArticles } from './api/search';

// Each page's data from its route params, with the Supabase client passed in, so the same
// loaders run in the browser and on the server. The keys name the data a page shows: the server
// hands its data to the browser under them, and useLoader picks it up by the same key.
export const loadHome = (sb: DataClient) => fetchHome(sb);
export const loadCategory = (sb: DataClient, params: { slug: string }) => fetchCategory(sb, params.slug);
export const loadArticle = (sb: DataClient, params: { slug: string }) => fetchArticle(sb, params.slug);
export const loadSearch = (sb: DataClient, params: { q: string }) => searchArticles(sb, params.q);

export const loaderKey = {
  home: () => 'home',
  category: (slug: string) => `category:${slug}`,
  article: (slug: string) => `article:${slug}`,
  search: (q: string) => `search:${q}`,
};
