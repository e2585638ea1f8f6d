// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { authStorageKey } from '@/lib/authStorage';
import { storedAccessToken } from './readerToken';

// The alerts panel subscribes with the signed-in reader's token when one is stored and still valid,
// so their device joins their account; otherwise it falls back to the anon key (null here).
const URL = 'http://127.0.0.1:54321';
const KEY = authStorageKey(URL);
const store = (session: unknown) => localStorage.setItem(KEY, JSON.stringify(session));
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

afterEach(() => localStorage.clear());

it('answers the stored access token while it is valid', () => {
  store({ access_token: 'jwt-lectrice', expires_at: inSeconds(3600) });
  expect(storedAccessToken(URL)).toBe('jwt-lectrice');
});

it('answers null with no session, an expiring or expired one, or unreadable storage', () => {
  expect(storedAccessToken(URL)).toBeNull();
  store({ access_token: 'jwt-lectrice', expires_at: inSeconds(30) });
  expect(storedAccessToken(URL)).toBeNull();
  store({ access_token: 'jwt-lectrice', expires_at: inSeconds(-10) });
  expect(storedAccessToken(URL)).toBeNull();
  localStorage.setItem(KEY, '{not json');
  expect(storedAccessToken(URL)).toBeNull();
});
