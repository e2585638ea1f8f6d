import { describe, expect, it } from 'vitest';
import { parseFilters } from '@raphiniert/ra-data-postgrest/lib/urlBuilder';
import { pastClaimsFilter, rumourStatusLabel } from './status';

describe('the rumour queue', () => {
  it('names each status in French', () => {
    expect(['new', 'checking', 'published', 'dismissed'].map(rumourStatusLabel)).toEqual([
      'Nouveau',
      'En vérification',
      'Publié',
      'Écarté',
    ]);
  });
  it('« Déjà vérifié ? » searches past claims and titles in one PostgREST filter', () => {
    expect(parseFilters({ filter: { format: 'factcheck', ...pastClaimsFilter(' pont ') } }, 'eq').filter).toEqual({
      format: 'eq.factcheck',
      or: '(title.ilike.*pont*,fact_check->>claim.ilike.*pont*)',
    });
    expect(pastClaimsFilter('  ')).toEqual({});
  });
});
