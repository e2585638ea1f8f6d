import { describe, expect, it } from 'vitest';
import { roleChangeDialog } from './roleDialog';
import type { Account } from './types';

const account = (roles: string[]): Account => ({
  id: 'p',
  user_id: 'u',
  email: 'moussa@x.test',
  full_name: 'Moussa Traoré',
  avatar_url: null,
  roles,
  created_at: '2026-01-01T00:00:00Z',
  search_key: 'moussa traore moussa@x.test',
});

describe('roleChangeDialog', () => {
  it('asks before naming someone administrator or journalist, saying what they will be able to do', () => {
    expect(roleChangeDialog(account(['client']), 'admin', true, false)).toEqual({
      title: 'Nommer Moussa Traoré administrateur ?',
      content: 'Moussa Traoré pourra gérer les articles, les utilisateurs et consulter les statistiques.',
    });
    const journalist = roleChangeDialog(account([]), 'journalist', true, false);
    expect(journalist.title).toBe('Nommer Moussa Traoré journaliste ?');
    expect(journalist.content).toMatch(/sans pouvoir les publier/);
  });
  it('says who loses the back office, and who keeps it as a journalist', () => {
    expect(roleChangeDialog(account(['admin']), 'admin', false, false).content).toBe(
      "Moussa Traoré redeviendra client et perdra l'accès au back-office.",
    );
    expect(roleChangeDialog(account(['admin']), 'admin', false, true).content).toBe(
      "Vous redeviendrez client et perdrez immédiatement l'accès au back-office.",
    );
    expect(roleChangeDialog(account(['admin', 'journalist']), 'admin', false, true).content).toMatch(/^Vous resterez journaliste/);
    expect(roleChangeDialog(account(['journalist']), 'journalist', false, false)).toEqual({
      title: 'Retirer le rôle journaliste de Moussa Traoré ?',
      content: "Moussa Traoré redeviendra client et perdra l'accès au back-office.",
    });
    expect(roleChangeDialog(account(['admin', 'journalist']), 'journalist', false, false).content).toBe(
      'Moussa Traoré reste administrateur.',
    );
  });
});
