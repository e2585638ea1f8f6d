import { describe, expect, it } from 'vitest';
import { changeLabel, isSentBack } from './notes';

describe('changeLabel', () => {
  it('names a send back by someone else « Renvoyé avec remarques », the journalist’s own step back a plain change', () => {
    expect(changeLabel({ from_status: 'review', to_status: 'draft' }, 'journaliste', 'editrice')).toBe('Renvoyé avec remarques');
    expect(changeLabel({ from_status: 'review', to_status: 'draft' }, 'journaliste', 'journaliste')).toBe('À relire → Brouillon');
  });
  it('says the statuses in French, a creation and a note without change', () => {
    expect(changeLabel({ from_status: 'draft', to_status: 'review' })).toBe('Brouillon → À relire');
    expect(changeLabel({ from_status: null, to_status: 'review' })).toBe('Créé : À relire');
    expect(changeLabel({ from_status: 'review', to_status: 'review' })).toBe('Remarque (À relire)');
  });
});

describe('isSentBack', () => {
  it('is a draft sent back; submitted again, it no longer is', () => {
    expect(isSentBack({ status: 'draft', sent_back_at: '2026-11-29T10:00:00Z' })).toBe(true);
    expect(isSentBack({ status: 'draft', sent_back_at: null })).toBe(false);
    expect(isSentBack({ status: 'review', sent_back_at: '2026-11-29T10:00:00Z' })).toBe(false);
  });
});
