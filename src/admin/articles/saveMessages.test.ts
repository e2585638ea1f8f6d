import { describe, expect, it } from 'vitest';
import { REVIEWERS, saveMessage } from './saveMessages';

describe('saveMessage', () => {
  it('tells a journalist their article went for review, and who reads it', () => {
    expect(saveMessage('draft', 'review')).toEqual({ title: 'Envoyé en relecture', description: REVIEWERS });
  });
  it('keeps the spec toast for a new article, saying where a submitted one went', () => {
    expect(saveMessage(undefined, 'draft')).toEqual({ title: 'Article créé avec succès', description: undefined });
    expect(saveMessage(undefined, 'review').description).toContain('Envoyé en relecture');
  });
  it('says an administrator approved or sent back an article under review', () => {
    expect(saveMessage('review', 'published').title).toBe('Article approuvé et publié');
    expect(saveMessage('review', 'scheduled').title).toBe('Article approuvé et programmé');
    expect(saveMessage('review', 'draft', 'admin').title).toBe('Article renvoyé au journaliste');
  });
  it('tells a journalist who takes their article back that it is a draft again', () => {
    expect(saveMessage('review', 'draft', 'journalist').title).toBe('Article repris en brouillon');
  });
  it('is a plain update otherwise, a second save under review included', () => {
    expect(saveMessage('draft', 'draft').title).toBe('Article mis à jour avec succès');
    expect(saveMessage('review', 'review').title).toBe('Article mis à jour avec succès');
    expect(saveMessage('published', 'published').title).toBe('Article mis à jour avec succès');
  });
});
