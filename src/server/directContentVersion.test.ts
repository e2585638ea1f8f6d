import { describe, expect, it } from 'vitest';
import { connectionString } from '@afriqueactu/supabase-local';
import { pageCacheDatabaseUrl } from './directContentVersion';

describe('where npm start proves its kept pages', () => {
  it('over the local stack’s Postgres when the site reads the local stack and nothing is set', () => {
    expect(pageCacheDatabaseUrl({}, 'http://127.0.0.1:54321')).toBe(connectionString(54322));
    expect(pageCacheDatabaseUrl({}, 'http://localhost:54321')).toBe(connectionString(54322));
    // The stack on other ports (SUPABASE_LOCAL_*), as npm run stack starts it.
    expect(pageCacheDatabaseUrl({ SUPABASE_LOCAL_API_PORT: '6100', SUPABASE_LOCAL_DB_PORT: '6101' }, 'http://127.0.0.1:6100')).toBe(
      connectionString(6101),
    );
  });

  it('over the connection set, whatever the API', () => {
    const set = 'postgresql://page_cache.ref:secret@eu-west-3.pooler.supabase.com:6543/postgres';
    expect(pageCacheDatabaseUrl({ PAGE_CACHE_DATABASE_URL: set }, 'https://ref.supabase.co')).toBe(set);
    expect(pageCacheDatabaseUrl({ PAGE_CACHE_DATABASE_URL: set }, 'http://127.0.0.1:54321')).toBe(set);
  });

  it('through the API when it is set empty, even against the local stack', () => {
    expect(pageCacheDatabaseUrl({ PAGE_CACHE_DATABASE_URL: '' }, 'http://127.0.0.1:54321')).toBeUndefined();
    expect(pageCacheDatabaseUrl({ PAGE_CACHE_DATABASE_URL: '' }, 'https://ref.supabase.co')).toBeUndefined();
  });

  it('through the API for any other project with nothing set', () => {
    expect(pageCacheDatabaseUrl({}, 'https://ref.supabase.co')).toBeUndefined();
    expect(pageCacheDatabaseUrl({}, 'http://127.0.0.1:9')).toBeUndefined();
    expect(pageCacheDatabaseUrl({ SUPABASE_LOCAL_API_PORT: '6100' }, 'http://127.0.0.1:54321')).toBeUndefined();
  });
});
