import type { DataClient } from '@/lib/supabase';
import { fetchArticle } from './api/article';
import { fetchCategory } from './api/category';
import { fetchHome } from './api/home';
import { searchArticles } from './api/search';

// Each page's data from its route params, with the Supabase client passed in, so the same
// loaders can run in the browser or on a server.
export const loadHome = (sb: DataClient) => fetchHome(sb);
export const loadCategory = (sb: DataClient, params: { slug: string }) => fetchCategory(sb, params.slug);
export const loadArticle = (sb: DataClient, params: { slug: string }) => fetchArticle(sb, params.slug);
export const loadSearch = (sb: DataClient, params: { q: string }) => searchArticles(sb, params.q);
