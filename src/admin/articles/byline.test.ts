import { describe, expect, it } from 'vitest';
import { bylineChoices } from './byline';

const member = (user_id: string, full_name: string | null, email: string | null = `${user_id}@x.test`) => ({ user_id, full_name, email });

describe('bylineChoices', () => {
  it('lists the newsroom by name in French order', () => {
    expect(bylineChoices([member('m', 'Moussa Traoré'), member('a', 'Aminata Diallo'), member('e', 'Élodie Ba')])).toEqual([
      { id: 'a', name: 'Aminata Diallo' },
      { id: 'e', name: 'Élodie Ba' },
      { id: 'm', name: 'Moussa Traoré' },
    ]);
  });
  it('tells apart two members of the same name by e-mail, and names a nameless one by e-mail', () => {
    expect(
      bylineChoices([member('1', 'Awa Ndiaye', 'awa1@x.test'), member('2', 'Awa Ndiaye', 'awa2@x.test'), member('3', ' ', 'z@x.test')]),
    ).toEqual([
      { id: '1', name: 'Awa Ndiaye (awa1@x.test)' },
      { id: '2', name: 'Awa Ndiaye (awa2@x.test)' },
      { id: '3', name: 'z@x.test' },
    ]);
  });
  it('keeps the byline of an author who left the newsroom, last', () => {
    expect(bylineChoices([member('a', 'Aminata Diallo')], 'gone')).toEqual([
      { id: 'a', name: 'Aminata Diallo' },
      { id: 'gone', name: 'Auteur actuel (hors rédaction)' },
    ]);
    expect(bylineChoices([member('a', 'Aminata Diallo')], 'a')).toHaveLength(1);
  });
});
