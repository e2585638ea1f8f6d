import { describe, expect, it } from 'vitest';
import { initials, ownStorageAvatar } from './avatar';

const PROJECT = 'https://abcd.supabase.co';

describe('ownStorageAvatar', () => {
  it.each([
    'https://abcd.supabase.co/storage/v1/object/public/avatars/u1/photo.webp',
    'https://abcd.supabase.co/storage/v1/object/public/avatars/u1/photo.webp?v=2',
  ])('shows a picture from the project’s public storage: %s', (url) => {
    expect(ownStorageAvatar(url, PROJECT)).toBe(url);
  });

  it.each([
    ['another host', 'https://tracker.example/pixel.gif?who=admin'],
    ['a look-alike host', 'https://abcd.supabase.co.evil.example/storage/v1/object/public/a.png'],
    ['the project over http', 'http://abcd.supabase.co/storage/v1/object/public/a.png'],
    ['the project’s REST API', 'https://abcd.supabase.co/rest/v1/profiles'],
    ['a private object path', 'https://abcd.supabase.co/storage/v1/object/authenticated/a.png'],
    ['dot segments out of storage', 'https://abcd.supabase.co/storage/v1/object/public/../../../auth/v1/logout'],
    ['encoded dot segments', 'https://abcd.supabase.co/storage/v1/object/public/%2e%2e/%2e%2e/%2e%2e/rest/v1/x'],
    ['credentials in the URL', 'https://user:pw@abcd.supabase.co/storage/v1/object/public/a.png'],
    ['a data URL', 'data:image/svg+xml,<svg/>'],
    ['not a URL', 'avatar.png'],
  ])('refuses %s', (_why, url) => {
    expect(ownStorageAvatar(url, PROJECT)).toBeUndefined();
  });

  it('refuses nothing at all', () => {
    expect(ownStorageAvatar(null, PROJECT)).toBeUndefined();
    expect(ownStorageAvatar('', PROJECT)).toBeUndefined();
  });

  it('follows a project served under a path (local gateway)', () => {
    const local = 'http://127.0.0.1:54321';
    expect(ownStorageAvatar(`${local}/storage/v1/object/public/avatars/a.png`, local)).toBe(
      `${local}/storage/v1/object/public/avatars/a.png`,
    );
    expect(ownStorageAvatar('http://127.0.0.1:9999/storage/v1/object/public/avatars/a.png', local)).toBeUndefined();
  });
});

describe('initials', () => {
  it.each([
    ['Awa Traoré', 'AT'],
    ['jean-baptiste mbarga', 'JM'],
    ['Nadia', 'N'],
    ['Élodie de la Fontaine', 'ÉF'],
    ['  ', '?'],
    ['123', '?'],
  ])('%j -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
