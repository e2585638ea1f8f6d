import { describe, expect, it } from 'vitest';
import { announcedUserIds, otherEditors, othersSentence, presenceTopic, SELF_ELSEWHERE, UNNAMED_MEMBER } from './presence';

const me = { key: 'tab-1', userId: 'u-me' };
// The newsroom's records, as newsroom_member_names answers them.
const members = new Map<string, string | null>([
  ['u-me', 'Moi'],
  ['u-nadia', 'Nadia Benali'],
  ['u-aminata', 'Aminata Diallo'],
  ['u-moussa', 'Moussa Traoré'],
  ['u-sans-nom', null],
]);

describe('otherEditors', () => {
  it('leaves this tab out', () => {
    expect(otherEditors({ 'tab-1': [{ user_id: 'u-me' }] }, me, members)).toEqual({ names: [], selfElsewhere: false });
  });

  it('names colleagues once each, sorted, whatever their number of tabs', () => {
    const state = {
      'tab-1': [{ user_id: 'u-me' }],
      'tab-2': [{ user_id: 'u-nadia' }],
      'tab-3': [{ user_id: 'u-aminata' }],
      'tab-4': [{ user_id: 'u-nadia' }],
    };
    expect(otherEditors(state, me, members)).toEqual({ names: ['Aminata Diallo', 'Nadia Benali'], selfElsewhere: false });
  });

  it('reports the same account in another tab apart from colleagues', () => {
    const state = { 'tab-1': [{ user_id: 'u-me' }], 'tab-9': [{ user_id: 'u-me' }] };
    expect(otherEditors(state, me, members)).toEqual({ names: [], selfElsewhere: true });
  });

  it('ignores metas without a user and names a member without a name generically', () => {
    const state = { a: [{ name: 'Sans compte' }], b: [{ user_id: 'u-sans-nom', name: '  ' }] };
    expect(otherEditors(state, me, members)).toEqual({ names: [UNNAMED_MEMBER], selfElsewhere: false });
  });

  // Review of the fourth abuse round: a journalist tracked his own id with the administrator's name.
  it('shows the newsroom’s name for the account, never the name its tab announces', () => {
    const state = { 'tab-2': [{ user_id: 'u-moussa', name: 'Aminata Diallo' }] };
    expect(otherEditors(state, me, members)).toEqual({ names: ['Moussa Traoré'], selfElsewhere: false });
  });

  it('leaves out an account that is no newsroom member', () => {
    const state = { 'tab-2': [{ user_id: 'u-lecteur', name: 'Aminata Diallo' }], 'tab-3': [{ user_id: 'u-nadia' }] };
    expect(otherEditors(state, me, members)).toEqual({ names: ['Nadia Benali'], selfElsewhere: false });
  });
});

describe('announcedUserIds', () => {
  it('lists each announced account once, this tab’s too, and nothing else', () => {
    const state = { a: [{ user_id: 'u-nadia' }, { user_id: 'u-me' }], b: [{ user_id: 'u-nadia' }, { name: 'x' }], c: [{ user_id: '' }] };
    expect(announcedUserIds(state)).toEqual(['u-me', 'u-nadia']);
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

describe('presenceTopic', () => {
  it('is the channel the migration opens to the article’s editors', () => {
    expect(presenceTopic('0b6c')).toBe('article-edit:0b6c');
  });
});
