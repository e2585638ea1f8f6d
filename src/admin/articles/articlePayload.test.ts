// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { prepareContent, publishedAtFor, toArticleWrite } from './articlePayload';

const NOW = new Date('2026-11-21T09:30:00.000Z');
const base = { title: '  Le sommet  ', slug: 'le-sommet-abc', category_id: 'c1', excerpt: '', content: 'Texte.', status: 'draft' as const };
const ctx = { authorId: 'u1', now: NOW, sanitize: (html: string) => sanitizeArticleHtml(html) };

describe('publishedAtFor', () => {
  it('is now (ISO) when published and null for a draft', () => {
    expect(publishedAtFor('published', NOW)).toBe('2026-11-21T09:30:00.000Z');
    expect(publishedAtFor('draft', NOW)).toBeNull();
  });
});

describe('prepareContent', () => {
  it('links bare URLs in HTML and drops what the reader would not render', () => {
    const out = prepareContent('<p>Voir https://example.org/rapport</p><script>alert(1)</script><img src="x" onerror="alert(1)">', ctx.sanitize);
    expect(out).toContain('<a href="https://example.org/rapport" target="_blank" rel="noopener noreferrer">https://example.org/rapport</a>');
    expect(out).not.toMatch(/script|onerror/);
  });
  it('leaves plain text as typed (the reader makes its paragraphs and links)', () => {
    const text = 'Première phrase.\nVoir https://example.org.';
    expect(prepareContent(text, () => 'jamais appelé')).toBe(text);
  });
});

describe('toArticleWrite', () => {
  it('keeps only writable columns and nulls the empty ones', () => {
    const write = toArticleWrite({ ...base, category_id: '', excerpt: '   ' } as never, ctx);
    expect(Object.keys(write).sort()).toEqual(['author_id', 'category_id', 'content', 'excerpt', 'published_at', 'slug', 'status', 'title']);
    expect(write).toMatchObject({ title: 'Le sommet', category_id: null, excerpt: null, published_at: null, author_id: 'u1' });
  });
  it('drops id, view_count and dates even if the form carried them', () => {
    const write = toArticleWrite({ ...base, id: 'a1', view_count: 3, created_at: 'x', updated_at: 'y' } as never, ctx);
    expect(write).not.toHaveProperty('id');
    expect(write).not.toHaveProperty('view_count');
    expect(write).not.toHaveProperty('created_at');
    expect(write).not.toHaveProperty('updated_at');
  });
  it('stamps published_at on every save as published', () => {
    expect(toArticleWrite({ ...base, status: 'published' }, ctx).published_at).toBe(NOW.toISOString());
    const later = new Date(NOW.getTime() + 60_000);
    expect(toArticleWrite({ ...base, status: 'published' }, { ...ctx, now: later }).published_at).toBe(later.toISOString());
  });
});
