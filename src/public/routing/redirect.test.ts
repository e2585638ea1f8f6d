import { describe, expect, it } from 'vitest';
import { isRedirect, Redirect, redirectTarget } from './redirect';

describe('redirects', () => {
  it('keep the query and fragment the reader came with', () => {
    const moved = new Redirect('/article/nouveau-titre');
    expect(redirectTarget(moved, { search: '' })).toBe('/article/nouveau-titre');
    expect(redirectTarget(moved, { search: '?utm_source=whatsapp', hash: '#commentaires' })).toBe(
      '/article/nouveau-titre?utm_source=whatsapp#commentaires',
    );
  });

  it('are told apart from page data', () => {
    expect(isRedirect(new Redirect('/'))).toBe(true);
    expect(isRedirect({ path: '/article/x' })).toBe(false);
    expect(isRedirect(null)).toBe(false);
  });
});
