import { describe, expect, it } from 'vitest';
import { otherEditors, othersSentence, presenceName, presenceTopic, SELF_ELSEWHERE } from './presence';

const me = { key: 'tab-1', userId: 'u-me' };

describe('otherEditors', () => {
  it('leaves this tab out', () => {
    expect(otherEditors({ 'tab-1': [{ user_id: 'u-me', name: 'Moi' }] }, me)).toEqual({ names: [], selfElsewhere: false });
  });

  it('names colleagues once each, sorted, whatever their number of tabs', () => {
    const state = {
      'tab-1': [{ user_id: 'u-me', name: 'Moi' }],
      'tab-2': [{ user_id: 'u-nadia', name: 'Nadia Benali' }],
      'tab-3': [{ user_id: 'u-aminata', name: 'Aminata Diallo' }],
      'tab-4': [{ user_id: 'u-nadia', name: 'Nadia Benali' }],
    };
    expect(otherEditors(state, me)).toEqual({ names: ['Aminata Diallo', 'Nadia Benali'], selfElsewhere: false });
  });

  it('reports the same account in another tab apart from colleagues', () => {
    const state = { 'tab-1': [{ user_id: 'u-me', name: 'Moi' }], 'tab-9': [{ user_id: 'u-me', name: 'Moi' }] };
    expect(otherEditors(state, me)).toEqual({ names: [], selfElsewhere: true });
  });

  it('ignores metas without a user and names a colleague without a name generically', () => {
    const state = { a: [{ name: 'Sans compte' }], b: [{ user_id: 'u-x', name: '  ' }] };
    expect(otherEditors(state, me)).toEqual({ names: ['Un autre administrateur'], selfElsewhere: false });
  });
});

describe('othersSentence', () => {
  it('is singular for one, a French list for several, nothing for nobody', () => {
    expect(othersSentence([])).toBeNull();
    expect(othersSentence(['Aminata Diallo'])).toBe('Aminata Diallo modifie aussi cet article');
    expect(othersSentence(['Aminata Diallo', 'Nadia Benali'])).toBe('Aminata Diallo et Nadia Benali modifient aussi cet article');
    expect(othersSentence(['A', 'B', 'C'])).toBe('A, B et C modifient aussi cet article');
    expect(SELF_ELSEWHERE).toBe('Vous modifiez aussi cet article dans un autre onglet');
  });
});

describe('presenceName and presenceTopic', () => {
  it('prefers the profile name, then the e-mail', () => {
    expect(presenceName('Nadia Benali', 'nadia@x')).toBe('Nadia Benali');
    expect(presenceName(' ', 'nadia@x')).toBe('nadia@x');
    expect(presenceName(null, null)).toBe('Administrateur');
  });

  it('is the channel the migration opens to admins', () => {
    expect(presenceTopic('0b6c')).toBe('article-edit:0b6c');
  });
});
