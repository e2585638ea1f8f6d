import { describe, expect, it } from 'vitest';
import { articleText } from './clipboardText';

describe('Copier mon texte', () => {
  it('puts title, excerpt and content one after the other', () => {
    expect(articleText({ title: ' Le sommet ', excerpt: 'En bref.', content: '<p>Texte.</p>' })).toBe(
      'Le sommet\n\nEn bref.\n\n<p>Texte.</p>',
    );
  });
  it('skips an empty excerpt', () => {
    expect(articleText({ title: 'Le sommet', excerpt: null, content: 'Texte.' })).toBe('Le sommet\n\nTexte.');
  });
});
