import { describe, expect, it } from 'vitest';
import { greetingFor } from './useFlashNotification';

describe('greetingFor', () => {
  it('greets a journalist as a member of the newsroom, an administrator with the spec text', () => {
    expect(greetingFor('Connexion administrateur réussie !', 'journalist')).toBe('Connexion à la rédaction réussie !');
    expect(greetingFor('Connexion administrateur réussie !', 'admin')).toBe('Connexion administrateur réussie !');
  });
  it('leaves any other message as it was left', () => {
    expect(greetingFor('Mot de passe modifié', 'journalist')).toBe('Mot de passe modifié');
  });
});
