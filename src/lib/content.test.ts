import { describe, expect, it } from 'vitest';
import { hasHtml, linkifyForSave, linkifyParts, splitSentences, toParagraphs } from './content';

describe('hasHtml', () => {
  it('tells HTML content from plain text', () => {
    expect(hasHtml('<p>Bonjour</p>')).toBe(true);
    expect(hasHtml('Ligne<br/>suivante')).toBe(true);
    expect(hasHtml('Le score est 3 < 5 et 7 > 2.')).toBe(false);
    expect(hasHtml('Texte simple.')).toBe(false);
  });
});

describe('splitSentences and toParagraphs', () => {
  it('splits on sentence ends, keeping French punctuation', () => {
    expect(splitSentences('Bonjour ! Ça va ? Oui. Très bien…  Merci.')).toEqual(['Bonjour !', 'Ça va ?', 'Oui.', 'Très bien…', 'Merci.']);
  });

  it('does not split inside URLs, numbers, abbreviations or initials', () => {
    const text =
      'Le PIB a crû de 3.5 % selon https://www.example.org/rapport.pdf cette année. M. Diallo et le Dr. Mensah approuvent. J. K. Owusu aussi.';
    expect(splitSentences(text)).toEqual([
      'Le PIB a crû de 3.5 % selon https://www.example.org/rapport.pdf cette année.',
      'M. Diallo et le Dr. Mensah approuvent.',
      'J. K. Owusu aussi.',
    ]);
  });

  it('starts a sentence at a French opening quote followed by a space', () => {
    expect(splitSentences("Rien n'a changé cette année. « On nous promet tout », dit-elle. Fin.")).toEqual([
      "Rien n'a changé cette année.",
      '« On nous promet tout », dit-elle.',
      'Fin.',
    ]);
  });

  it('groups 5 sentences per paragraph', () => {
    const text = Array.from({ length: 12 }, (_, i) => `Phrase ${i + 1}.`).join(' ');
    const paragraphs = toParagraphs(text);
    expect(paragraphs).toHaveLength(3);
    expect(paragraphs[0]).toBe('Phrase 1. Phrase 2. Phrase 3. Phrase 4. Phrase 5.');
    expect(paragraphs[2]).toBe('Phrase 11. Phrase 12.');
    expect(toParagraphs('   ')).toEqual([]);
  });
});

describe('linkifyParts', () => {
  it('finds bare http(s) URLs and leaves trailing punctuation out', () => {
    expect(linkifyParts('Voir https://a.example/x?y=1. Et http://b.example, puis rien.')).toEqual([
      { type: 'text', text: 'Voir ' },
      { type: 'link', href: 'https://a.example/x?y=1', text: 'https://a.example/x?y=1' },
      { type: 'text', text: '. Et ' },
      { type: 'link', href: 'http://b.example', text: 'http://b.example' },
      { type: 'text', text: ', puis rien.' },
    ]);
  });

  it('does not link other schemes', () => {
    expect(linkifyParts('javascript:alert(1) ftp://x.example')).toEqual([{ type: 'text', text: 'javascript:alert(1) ftp://x.example' }]);
  });
});

describe('linkifyForSave', () => {
  it('links bare URLs in HTML content, but not inside existing links or attributes', () => {
    const html = '<p>Lire https://a.example/r et <a href="https://b.example">https://b.example</a></p><img src="https://c.example/i.png">';
    expect(linkifyForSave(html)).toBe(
      '<p>Lire <a href="https://a.example/r" target="_blank" rel="noopener noreferrer">https://a.example/r</a> et <a href="https://b.example">https://b.example</a></p><img src="https://c.example/i.png">',
    );
  });

  it('keeps entities of URLs in HTML as they are', () => {
    expect(linkifyForSave('<p>Voir https://a.example/?x=1&amp;y=2</p>')).toBe(
      '<p>Voir <a href="https://a.example/?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">https://a.example/?x=1&amp;y=2</a></p>',
    );
  });

  it('leaves plain text as typed (the reader links it on display)', () => {
    expect(linkifyForSave('Voir https://a.example.')).toBe('Voir https://a.example.');
  });
});
