import { describe, expect, it } from 'vitest';
import { allWordsPattern, profileSearchFilter } from './nameSearch';

/** PostgreSQL's ~* (PostgREST imatch) on these names agrees with JavaScript's regex, case-insensitive, for these patterns. */
const matches = (name: string, search: string) => new RegExp(allWordsPattern(search)!, 'i').test(name);

describe('the users search', () => {
  it('finds a name from two words, in any order and any case', () => {
    expect(matches('Nadia Benali', 'Nadia Benali')).toBe(true);
    expect(matches('Nadia Benali', 'benali NADIA')).toBe(true);
    expect(matches('Nadia Benali', '  Nad   Ben ')).toBe(true);
    expect(matches('Jean-Baptiste Mbarga', 'jean-baptiste mbarga')).toBe(true);
  });
  it('needs every word', () => {
    expect(matches('Nadia Benali', 'Nadia Mbarga')).toBe(false);
    expect(matches('Jean-Baptiste Mbarga', 'Nadia')).toBe(false);
  });
  it('takes what is typed literally, never as a pattern', () => {
    expect(allWordsPattern('a.b (c)* [d]')).toBe('(?=.*a\\.b)(?=.*\\(c\\)\\*)(?=.*\\[d\\])');
    expect(matches('Nadia Benali', '.*')).toBe(false);
    expect(matches('Nadia Benali', 'N.dia')).toBe(false);
  });
  it('is one PostgREST filter (imatch) in place of the list’s q, or nothing for blank input', () => {
    expect(profileSearchFilter({ q: 'Nadia Benali' })).toEqual({ 'full_name@imatch': '(?=.*Nadia)(?=.*Benali)' });
    expect(profileSearchFilter({ q: '   ' })).toEqual({});
    expect(profileSearchFilter({})).toEqual({});
  });
});
