import { describe, expect, it } from 'vitest';
import { factCheckToSave, requiredToPublish, sourcesToPublish, withinLimit, VERDICT_CHOICES } from './factCheckForm';

describe('factCheckToSave', () => {
  it('keeps only what was written: one-line fields on one line, empty links and sources dropped', () => {
    expect(
      factCheckToSave({
        claim: '  Le pont  \n a été vendu ',
        claimant: 'Publications virales',
        summary: '',
        links: ['', ' https://tiktok.example/v/1 ', null],
        verdict: 'false',
        first_seen: '2026-11-20T00:00:00.000Z',
        sources: [
          { title: '', url: '', consulted: '' },
          { title: ' Rapport ', url: 'https://a.example', consulted: '2026-11-21' },
        ],
      }),
    ).toEqual({
      claim: 'Le pont a été vendu',
      claimant: 'Publications virales',
      links: ['https://tiktok.example/v/1'],
      verdict: 'false',
      first_seen: '2026-11-20',
      sources: [{ title: 'Rapport', url: 'https://a.example', consulted: '2026-11-21' }],
    });
    expect(factCheckToSave(null)).toEqual({});
  });
});

describe('the form’s rules', () => {
  it('a draft may be unfinished; going out needs the field and a source', () => {
    const need = requiredToPublish('Le verdict est requis pour publier.');
    expect(need('', { status: 'draft' })).toBeUndefined();
    expect(need('', { status: 'published' })).toBe('Le verdict est requis pour publier.');
    expect(need('false', { status: 'scheduled' })).toBeUndefined();
    expect(sourcesToPublish([], { status: 'published' })).toMatch(/au moins une source/);
    expect(sourcesToPublish([{ title: 'A', url: 'https://a.example' }], { status: 'published' })).toBeUndefined();
  });
  it('counts characters as the database does', () => {
    expect(withinLimit(280, "L'affirmation")('é'.repeat(280), {})).toBeUndefined();
    expect(withinLimit(280, "L'affirmation")('é'.repeat(281), {})).toMatch(/280 caractères/);
  });
  it('offers the fixed scale, true to false', () => {
    expect(VERDICT_CHOICES.map((c) => c.name)).toEqual(['Vrai', 'Plutôt vrai', 'Non prouvé', 'Trompeur', 'Exagéré', 'Faux']);
  });
});
