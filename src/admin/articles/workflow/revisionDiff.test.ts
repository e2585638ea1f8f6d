import { describe, expect, it } from 'vitest';
import { changedFields, contentText, diffSummary, restoredValues, wordDiff, type ComparableArticle } from './revisionDiff';

const base: ComparableArticle = {
  title: 'Le port de Lomé',
  slug: 'le-port-de-lome',
  excerpt: null,
  content: 'Le port autonome de Lomé a inauguré son terminal.',
  category_id: 'cat-1',
  status: 'published',
};

describe('changedFields', () => {
  it('lists nothing for the same article, and treats a missing excerpt or category like an empty one', () => {
    expect(changedFields(base, { ...base })).toEqual([]);
    expect(changedFields(base, { ...base, excerpt: '' })).toEqual([]);
    expect(changedFields({ ...base, category_id: null }, { ...base, category_id: '' })).toEqual([]);
    expect(changedFields(base, { ...base, title: '  Le port de Lomé ' })).toEqual([]);
  });

  it('lists the changed fields in the editor order', () => {
    const after = {
      ...base,
      status: 'draft',
      content: 'Autre texte',
      title: 'Nouveau titre',
      excerpt: 'Un extrait',
      category_id: 'cat-2',
      slug: 'nouveau',
    };
    expect(changedFields(base, after)).toEqual(['title', 'slug', 'category_id', 'excerpt', 'content', 'status']);
    expect(changedFields(base, { ...base, key_points: ['Un point'] })).toEqual(['key_points']);
    // The form's empty fields are no change.
    expect(changedFields({ ...base, key_points: ['Un point'] }, { ...base, key_points: ['', 'Un point', undefined] })).toEqual([]);
    expect(changedFields(base, { ...base, content: 'Autre' })).toEqual(['content']);
  });
});

describe('contentText', () => {
  it('keeps plain text as it is, with normalized line ends', () => {
    expect(contentText('Premier.\r\n\r\nSecond.  ')).toBe('Premier.\n\nSecond.');
  });

  it('reads HTML as paragraphs of words: no tags, entities decoded, pictures marked', () => {
    const html =
      '<h2>Le&nbsp;terminal</h2><p>Il a co&#251;t&#xE9; <strong>2 milliards</strong> &amp; plus.</p><p><img src="https://x/y.webp" alt=""></p><ul><li>un</li><li>deux</li></ul>';
    expect(contentText(html)).toBe('Le terminal\n\nIl a coûté 2 milliards & plus.\n\n[image]\n\nun\n\ndeux');
  });

  it('leaves unknown entities and markup-looking text alone', () => {
    expect(contentText('<p>&bogus; &lt;script&gt;</p>')).toBe('&bogus; <script>');
  });
});

describe('wordDiff and diffSummary', () => {
  it('marks inserted and deleted words, keeping the common ones', () => {
    const parts = wordDiff('Le port a inauguré son terminal.', 'Le port autonome a inauguré lundi son nouveau terminal.');
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['autonome', 'lundi', 'nouveau']);
    expect(parts.filter((p) => p.kind === 'removed')).toEqual([]);
    expect(parts.map((p) => (p.kind === 'removed' ? '' : p.text)).join('')).toBe('Le port autonome a inauguré lundi son nouveau terminal.');
    expect(diffSummary(parts)).toBe('3 mots ajoutés');
  });

  it('counts removals and replacements, singular and plural', () => {
    const parts = wordDiff('Le port de Lomé ferme.', 'Le port de Cotonou ferme.');
    expect(parts.find((p) => p.kind === 'removed')?.text).toBe('Lomé');
    expect(parts.find((p) => p.kind === 'added')?.text).toBe('Cotonou');
    expect(diffSummary(parts)).toBe('1 mot ajouté, 1 mot supprimé');
    expect(diffSummary(wordDiff('Un deux trois quatre.', 'Un quatre.'))).toBe('2 mots supprimés');
  });

  it('says when no word changed', () => {
    expect(wordDiff('Même texte', 'Même texte')).toEqual([{ kind: 'same', text: 'Même texte' }]);
    expect(wordDiff('', '')).toEqual([]);
    expect(diffSummary(wordDiff('Même texte', 'Même texte'))).toBe('Aucun mot changé');
  });

  it('counts an elided French word as one', () => {
    expect(diffSummary(wordDiff('', "l'investissement d'aujourd'hui"))).toBe('2 mots ajoutés');
  });
});

describe('restoredValues', () => {
  it('brings back the text, slug and category, never the status', () => {
    const values = restoredValues({ ...base, status: 'draft' });
    expect(values).toEqual({
      title: base.title,
      slug: base.slug,
      excerpt: null,
      content: base.content,
      category_id: 'cat-1',
      key_points: [],
    });
    expect(restoredValues({ ...base, key_points: ['A', 'B'] }).key_points).toEqual(['A', 'B']);
    expect(values).not.toHaveProperty('status');
    expect(values).not.toHaveProperty('version');
  });
});
