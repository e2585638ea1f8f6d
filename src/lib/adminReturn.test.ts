import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, adminSignInPath, safeAdminReturn } from './adminReturn';

describe('safeAdminReturn', () => {
  it('keeps a back-office path with its query and fragment', () => {
    expect(safeAdminReturn('/admin')).toBe('/admin');
    expect(safeAdminReturn('/admin/articles')).toBe('/admin/articles');
    expect(safeAdminReturn('/admin/articles?filter=%7B%22status%22%3A%22review%22%7D#top')).toBe(
      '/admin/articles?filter=%7B%22status%22%3A%22review%22%7D#top',
    );
    expect(safeAdminReturn('/admin/articles/4f1c/edit')).toBe('/admin/articles/4f1c/edit');
  });
  it('refuses anything that could leave the site', () => {
    for (const raw of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '/admin\\..\\..\\evil',
      'javascript:alert(1)',
      ' /admin',
      '/admin\n//evil.example',
      '/admin\t/x',
      '\u0000/admin',
    ])
      expect(safeAdminReturn(raw), raw).toBeNull();
  });
  it('refuses the reader site and paths that only look like the back office', () => {
    for (const raw of ['/', '/auth', '/administration', '/admins/x', '/admin/../auth', '/admin/%2e%2e/auth', '/admin/./../x', 'admin/x'])
      expect(safeAdminReturn(raw), raw).toBeNull();
    expect(safeAdminReturn(null)).toBeNull();
    expect(safeAdminReturn('')).toBeNull();
    expect(safeAdminReturn(`/admin/${'a'.repeat(2001)}`)).toBeNull();
  });
  it('gives the address as normalised, still inside /admin', () => {
    expect(safeAdminReturn('/admin/articles/../profiles')).toBe('/admin/profiles');
  });
});

describe('adminSignInPath', () => {
  it('opens the Administrateur tab and carries the page asked for', () => {
    const path = adminSignInPath('/admin/articles?page=2');
    expect(path.startsWith('/auth?')).toBe(true);
    const query = new URLSearchParams(path.slice('/auth?'.length));
    expect(query.get('tab')).toBe('admin');
    expect(query.get('next')).toBe('/admin/articles?page=2');
  });
  it('leaves out a return to the dashboard (the default) and an unsafe one', () => {
    expect(adminSignInPath(ADMIN_HOME)).toBe('/auth?tab=admin');
    expect(adminSignInPath('/admin')).toBe('/auth?tab=admin');
    expect(adminSignInPath('//evil.example/admin')).toBe('/auth?tab=admin');
  });
});
