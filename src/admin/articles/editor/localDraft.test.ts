// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearLocalDrafts, readLocalDraft, writeLocalDraft } from './localDraft';

const draft = { savedAt: '2026-11-22T10:00:00.000Z', baseVersion: 3, values: { title: 'Texte non enregistré' } };

describe('localDraft', () => {
  afterEach(() => localStorage.clear());

  it('keeps a draft per article and forgets every draft (and only drafts) on sign-out', () => {
    localStorage.setItem('unrelated', 'kept');
    expect(writeLocalDraft('a1', draft as never)).toBe(true);
    expect(writeLocalDraft(undefined, draft as never)).toBe(true);
    expect(readLocalDraft('a1')).not.toBeNull();
    expect(readLocalDraft(undefined)).not.toBeNull();
    clearLocalDrafts();
    expect(readLocalDraft('a1')).toBeNull();
    expect(readLocalDraft(undefined)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
