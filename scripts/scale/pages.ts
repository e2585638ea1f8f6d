// What bench:scale measures: the reader pages (site URLs) and newsroom reads (the API
// calls the back office makes, as react-admin's PostgREST provider and the RPCs send them).
import { CATEGORY_PAGE_SIZE } from '../../src/public/api/category.ts';
import { LOCAL_ACCOUNTS } from '../../supabase/seed/accounts.ts';

export interface Target {
  /** The row's label in the report, the same on both stacks. */
  name: string;
  /** Site path, or API path (from /rest/v1) for newsroom reads. */
  path: string;
  /** The page does not exist on this stack (category page 500 on the seed). */
  missing?: string;
  /** The count the back office asks for this list (its data provider's Prefer), when not exact. */
  prefer?: string;
}

interface ApiStack {
  apiUrl: string;
  anonKey: string;
}

async function rest<T>(stack: ApiStack, path: string): Promise<T> {
  const res = await fetch(`${stack.apiUrl}/rest/v1/${path}`, { headers: { apikey: stack.anonKey } });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const EDITOR_IN_CHIEF = LOCAL_ACCOUNTS.find((a) => a.role === 'admin')!;

/** The reader pages of the issue, with this stack's newest and oldest article and the editor-in-chief's page. */
export async function readerPages(stack: ApiStack, siteUrl: string): Promise<Target[]> {
  const recent = await rest<{ slug: string }[]>(stack, 'articles?select=slug&order=published_at.desc&limit=1');
  const oldest = await rest<{ slug: string }[]>(stack, 'articles?select=slug&order=published_at.asc&limit=1');
  const author = await rest<{ slug: string; full_name: string }[]>(
    stack,
    `bylines?select=slug,full_name&full_name=eq.${encodeURIComponent(EDITOR_IN_CHIEF.fullName)}`,
  );
  const categoryCount = await fetch(`${stack.apiUrl}/rest/v1/articles?select=id&category_id=eq.c0000000-0000-4000-8000-000000000002`, {
    method: 'HEAD',
    headers: { apikey: stack.anonKey, Prefer: 'count=exact', Range: '0-0' },
  });
  const politics = Number(categoryCount.headers.get('content-range')?.split('/')[1] ?? 0);
  const pageOf = (n: number) => (politics > (n - 1) * CATEGORY_PAGE_SIZE ? undefined : `${politics} articles`);
  // A country's page as a category's (issue 42): its public articles counted through article_tags.
  const [country] = await rest<{ id: string }[]>(stack, 'tags?select=id&slug=eq.senegal');
  const senegal = await fetch(`${stack.apiUrl}/rest/v1/article_tags?select=article_id&tag_id=eq.${country?.id}`, {
    method: 'HEAD',
    headers: { apikey: stack.anonKey, Prefer: 'count=exact', Range: '0-0' },
  });
  const tagged = Number(senegal.headers.get('content-range')?.split('/')[1] ?? 0);
  const deepCountryPage = Math.max(2, Math.ceil(tagged / CATEGORY_PAGE_SIZE));
  const countryPageOf = (n: number) => (tagged > (n - 1) * CATEGORY_PAGE_SIZE ? undefined : `${tagged} articles`);
  const index = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const weeks = [...index.matchAll(/<loc>[^<]*?(\/sitemap-articles-[0-9-]+\.xml)<\/loc>/g)].map((m) => m[1]);
  // One file a week (262 at scale, a few on the seed): the oldest, the middle one and this week's.
  const weekFiles = [
    { name: 'sitemap-articles, oldest week', path: weeks[0] },
    { name: 'sitemap-articles, middle week', path: weeks[Math.floor(weeks.length / 2)] },
    { name: 'sitemap-articles, this week', path: weeks.at(-1)! },
  ];
  return [
    { name: 'home', path: '/' },
    { name: 'category p.1', path: '/category/politique' },
    // The seed has a handful of articles a category: one page.
    { name: 'category p.2', path: '/category/politique?page=2', missing: pageOf(2) },
    { name: 'category p.500', path: '/category/politique?page=500', missing: pageOf(500) },
    { name: 'country p.1 (Sénégal)', path: '/pays/senegal' },
    { name: 'country p.2', path: '/pays/senegal?page=2', missing: countryPageOf(2) },
    { name: 'country, last page', path: `/pays/senegal?page=${deepCountryPage}`, missing: countryPageOf(deepCountryPage) },
    { name: 'country feed', path: '/pays/senegal/rss.xml' },
    { name: 'article, newest', path: `/article/${recent[0].slug}` },
    { name: 'article, oldest', path: `/article/${oldest[0].slug}` },
    { name: 'search "économie"', path: `/search?q=${encodeURIComponent('économie')}` },
    { name: 'search "economie"', path: '/search?q=economie' },
    { name: 'search rare word', path: '/search?q=hydrolienne' },
    { name: `author (${EDITOR_IN_CHIEF.fullName})`, path: `/auteur/${author[0]?.slug ?? 'aminata-diallo'}` },
    { name: 'corrections', path: '/corrections' },
    { name: 'sitemap.xml', path: '/sitemap.xml' },
    { name: 'sitemap-pages.xml', path: '/sitemap-pages.xml' },
    ...weekFiles,
    { name: 'sitemap-news.xml', path: '/sitemap-news.xml' },
    { name: 'rss.xml', path: '/rss.xml' },
    { name: 'edition.json', path: '/edition.json' },
  ];
}

/** An administrator's token, signed in through the stack's auth (the password grant the back office's sign-in uses). */
export async function adminHeaders(stack: ApiStack): Promise<Record<string, string>> {
  const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EDITOR_IN_CHIEF.email, password: EDITOR_IN_CHIEF.password }),
  });
  const session = (await res.json()) as { access_token?: string; msg?: string };
  if (!session.access_token) throw new Error(`the editor-in-chief cannot sign in: HTTP ${res.status} ${session.msg ?? ''}`);
  return { apikey: stack.anonKey, Authorization: `Bearer ${session.access_token}`, Accept: 'application/json', Prefer: 'count=exact' };
}

/** The newsroom's reads: paths under the API's URL, as the back office's pages send them. */
export async function newsroomReads(stack: ApiStack): Promise<Target[]> {
  const total = await fetch(`${stack.apiUrl}/rest/v1/articles?select=id`, {
    method: 'HEAD',
    headers: { apikey: stack.anonKey, Prefer: 'count=exact', Range: '0-0' },
  });
  // Anonymous readers count only public articles: enough to tell whether page 100 exists.
  const articleCount = Number(total.headers.get('content-range')?.split('/')[1] ?? 0);
  const list = (resource: string, query: string) => `/rest/v1/${resource}?${query}`;
  // The most read article of the period, for the editor's panel (any public one when none was read).
  const top = await fetch(`${stack.apiUrl}/rest/v1/rpc/most_read?p_limit=1`, { headers: { apikey: stack.anonKey } });
  const mostRead = top.ok ? ((await top.json()) as { id?: string }[])[0]?.id : undefined;
  const articles = 'select=id,title,status,published_at,created_at,author_id&offset=0&limit=25&order=created_at.desc';
  // The lists whose tables grow without bound are counted by estimate (newsroomDataProvider's ESTIMATED_COUNTS).
  const estimated = 'count=estimated';
  return [
    { name: 'dashboard', path: '/rest/v1/rpc/dashboard_stats' },
    { name: 'analytics 7 days', path: '/rest/v1/rpc/analytics_summary?p_days=7' },
    { name: 'analytics 30 days', path: '/rest/v1/rpc/analytics_summary?p_days=30' },
    { name: 'analytics 90 days', path: '/rest/v1/rpc/analytics_summary?p_days=90' },
    // « Statistiques »'s channel tabs and the editor's panel on the most read article (issue 41).
    { name: 'sources 90 days', path: '/rest/v1/rpc/channel_sources?p_days=90' },
    { name: 'channels now', path: '/rest/v1/rpc/channels_now' },
    { name: 'channels sent 90 days', path: '/rest/v1/rpc/channel_outlets?p_days=90' },
    ...(mostRead ? [{ name: 'article channels 90 days', path: `/rest/v1/rpc/article_channels?p_article_id=${mostRead}&p_days=90` }] : []),
    { name: 'articles, all', prefer: estimated, path: list('articles', articles) },
    { name: 'articles, published', prefer: estimated, path: list('articles', `${articles}&status=eq.published`) },
    {
      name: 'articles, drafts, politics',
      prefer: estimated,
      path: list('articles', `${articles}&status=eq.draft&category_id=eq.c0000000-0000-4000-8000-000000000002`),
    },
    // A title search reads search_article_titles (the data provider's TITLE_SEARCH) with the same list parameters.
    { name: 'articles, title search', prefer: estimated, path: list('rpc/search_article_titles', `${articles}&p_pattern=senegal*budget`) },
    {
      name: 'articles, page 100',
      prefer: estimated,
      path: list('articles', articles.replace('offset=0', 'offset=2475')),
      missing: articleCount < 2500 ? `${articleCount} articles` : undefined,
    },
    {
      name: 'users',
      path: list('accounts', 'select=id,user_id,email,full_name,avatar_url,roles,created_at&offset=0&limit=25&order=created_at.desc'),
    },
    {
      name: 'users, search',
      path: list(
        'accounts',
        'select=id,user_id,email,full_name,avatar_url,roles,created_at&offset=0&limit=25&order=created_at.desc&search_key=ilike.*traore*',
      ),
    },
    { name: 'messages', prefer: estimated, path: list('contact_messages', 'offset=0&limit=25&order=handled.asc,created_at.desc') },
    { name: 'subscribers', prefer: estimated, path: list('newsletter_subscribers', 'offset=0&limit=25&order=created_at.desc') },
    {
      name: 'subscribers, search',
      prefer: estimated,
      path: list('newsletter_subscribers', 'offset=0&limit=25&order=created_at.desc&email=ilike.*abonne-42*'),
    },
    // react-admin's export asks for 1,000 rows at once (its default), PostgREST's max-rows cap aside.
    {
      name: 'subscribers export (1,000)',
      prefer: estimated,
      path: list('newsletter_subscribers', 'offset=0&limit=1000&order=created_at.desc'),
    },
  ];
}
