import type { AppClient } from '@/lib/supabase';

/**
 * The browser's data client (PostgREST), a chunk of its own: a page's first render has its data in
 * the HTML, so the client is fetched only when the browser queries the database itself (an in-app
 * navigation, a live reload, a form).
 */
export const loadDataClient = (): Promise<AppClient> => import('@/lib/supabase').then((m) => m.supabase);
