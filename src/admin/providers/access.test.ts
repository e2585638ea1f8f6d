import { describe, expect, it } from 'vitest';
import { newsroomCanAccess, type NewsroomMember } from './access';

const admin: NewsroomMember = { userId: 'a', role: 'admin' };
const journalist: NewsroomMember = { userId: 'j', role: 'journalist' };
const article = (author_id: string, status: string) => ({ id: '1', author_id, status });

describe('newsroomCanAccess', () => {
  it('lets administrators do everything', () => {
    for (const resource of ['articles', 'accounts', 'analytics', 'front_page'])
      for (const action of ['list', 'create', 'edit', 'delete'])
        expect(newsroomCanAccess(admin, { resource, action, record: article('j', 'published') })).toBe(true);
  });
  it('keeps journalists out of accounts, statistics, the front page, « Rubriques » and anything not listed for them', () => {
    for (const resource of ['accounts', 'profiles', 'analytics', 'front_page', 'categories', 'something_new'])
      expect(newsroomCanAccess(journalist, { resource, action: 'list' })).toBe(false);
  });
  it('lets journalists list and write articles', () => {
    expect(newsroomCanAccess(journalist, { resource: 'articles', action: 'list' })).toBe(true);
    expect(newsroomCanAccess(journalist, { resource: 'articles', action: 'create' })).toBe(true);
    expect(newsroomCanAccess(journalist, { resource: 'articles', action: 'edit' })).toBe(true);
    expect(newsroomCanAccess(journalist, { resource: 'dashboard', action: 'list' })).toBe(true);
  });
  it('lets journalists list their notices (« À traiter »), whose rows the database keeps to their own', () => {
    expect(newsroomCanAccess(journalist, { resource: 'notices', action: 'list' })).toBe(true);
  });
  it('lets journalists change or delete an article only while it is their own draft or waits for review', () => {
    for (const action of ['edit', 'delete']) {
      expect(newsroomCanAccess(journalist, { resource: 'articles', action, record: article('j', 'draft') })).toBe(true);
      expect(newsroomCanAccess(journalist, { resource: 'articles', action, record: article('j', 'review') })).toBe(true);
      expect(newsroomCanAccess(journalist, { resource: 'articles', action, record: article('j', 'published') })).toBe(false);
      expect(newsroomCanAccess(journalist, { resource: 'articles', action, record: article('j', 'scheduled') })).toBe(false);
      expect(newsroomCanAccess(journalist, { resource: 'articles', action, record: article('a', 'draft') })).toBe(false);
      // A record read without its author is not assumed to be theirs.
      expect(newsroomCanAccess(journalist, { resource: 'articles', action, record: { id: '1', status: 'draft' } })).toBe(false);
    }
  });
  it('lets nobody in without a newsroom role', () => {
    expect(newsroomCanAccess(null, { resource: 'articles', action: 'list' })).toBe(false);
  });
});
