// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '@/lib/sanitize';
import { prepareContent, publishedAtFor, toArticleUpdate, toArticleWrite } from './articlePayload';

const NOW = new Date('2026-11-21T09:30:00.000Z');
const base = { title: '  Le sommet  ', slug: 'le-sommet-abc', category_id: 'c1', excerpt: '', content: 'Texte.', status: 'draft' as const };
const ctx = { now: NOW, sanitize: (html: string) => sanitizeArticleHtml(html) };

describe('publishedAtFor', () => {
  it('is now (ISO) when published and null for a draft, whatever the form held', () => {
    expect(publishedAtFor('published', '2027-01-01T06:00:00.000Z', NOW)).toBe('2026-11-21T09:30:00.000Z');
    expect(publishedAtFor('draft', '2027-01-01T06:00:00.000Z', NOW)).toBeNull();
  });
  it('is the chosen moment, in UTC ISO, for a scheduled article', () => {
    expect(publishedAtFor('scheduled', '2026-12-02T07:00:00+01:00', NOW)).toBe('2026-12-02T06:00:00.000Z');
  });
  it('refuses a scheduled article without a valid moment (the form never lets one through)', () => {
    expect(() => publishedAtFor('scheduled', null, NOW)).toThrow(/published_at/);
    expect(() => publishedAtFor('scheduled', 'demain', NOW)).toThrow(/published_at/);
  });
});

describe('prepareContent', () => {
  it('links bare URLs in HTML and drops what the reader would not render', () => {
    const out = prepareContent(
      '<p>Voir https://example.org/rapport</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
      ctx.sanitize,
    );
    expect(out).toContain(
      '<a href="https://example.org/rapport" target="_blank" rel="noopener noreferrer">https://example.org/rapport</a>',
    );
    expect(out).not.toMatch(/script|onerror/);
  });
  it('leaves plain text as typed (the reader makes its paragraphs and links)', () => {
    const text = 'Première phrase.\nVoir https://example.org.';
    expect(prepareContent(text, () => 'jamais appelé')).toBe(text);
  });
});

describe('toArticleWrite', () => {
  it('saves the « Format » chosen: « Direct » as live, anything else (an article saved before the choice) as an article', () => {
    expect(toArticleWrite({ ...base, format: 'live' } as never, ctx).format).toBe('live');
    expect(toArticleWrite(base as never, ctx).format).toBe('article');
  });
  it('sends a « Vrai ou faux »’s check and « Vérifié par », and leaves another format’s stored check alone', () => {
    const factCheck = { claim: ' Le pont a été vendu ', verdict: 'false' as const, links: ['', 'https://x.example'] };
    const write = toArticleWrite({ ...base, format: 'factcheck', fact_check: factCheck, checked_by: 'u2' }, ctx);
    expect(write).toMatchObject({
      format: 'factcheck',
      fact_check: { claim: 'Le pont a été vendu', verdict: 'false', links: ['https://x.example'] },
      checked_by: 'u2',
    });
    expect(toArticleWrite({ ...base, format: 'factcheck', checked_by: '' }, ctx).checked_by).toBeNull();
    const back = toArticleWrite({ ...base, format: 'article', fact_check: factCheck, checked_by: 'u2' }, ctx);
    expect(back).not.toHaveProperty('fact_check');
    expect(back).not.toHaveProperty('checked_by');
  });

  it('saves the key points in their order, each on one line, without the empty fields', () => {
    const values = { ...base, key_points: ['', '  Le point  du jour ', undefined, 'Deux\nlignes'] };
    expect(toArticleWrite(values as never, ctx).key_points).toEqual(['Le point du jour', 'Deux lignes']);
    expect(toArticleWrite(base as never, ctx).key_points).toEqual([]);
  });

  it('keeps only writable columns (author_id only when chosen) and nulls the empty ones', () => {
    const write = toArticleWrite({ ...base, category_id: '', excerpt: '   ' } as never, ctx);
    expect(Object.keys(write).sort()).toEqual([
      'category_id',
      'content',
      'editor_mode',
      'excerpt',
      'format',
      'key_points',
      'published_at',
      'slug',
      'status',
      'title',
    ]);
    expect(write).toMatchObject({ title: 'Le sommet', category_id: null, excerpt: null, published_at: null });
  });
  it('drops id, version, view_count and dates even if the form carried them', () => {
    const write = toArticleWrite({ ...base, id: 'a1', version: 4, view_count: 3, created_at: 'x', updated_at: 'y' } as never, ctx);
    for (const key of ['id', 'author_id', 'version', 'view_count', 'created_at', 'updated_at']) expect(write).not.toHaveProperty(key);
  });
  it('sends the byline an administrator chose, and leaves it to the database (the writer) otherwise', () => {
    expect(toArticleWrite({ ...base, author_id: 'u2' }, ctx).author_id).toBe('u2');
    expect(toArticleWrite({ ...base, author_id: null }, ctx)).not.toHaveProperty('author_id');
    expect(toArticleWrite({ ...base, author_id: '' }, ctx)).not.toHaveProperty('author_id');
  });
  it('stamps now when an article goes out as published (new, a draft, or scheduled for later)', () => {
    expect(toArticleWrite({ ...base, status: 'published' }, ctx).published_at).toBe(NOW.toISOString());
    const later = new Date(NOW.getTime() + 60_000);
    expect(toArticleWrite({ ...base, status: 'published' }, { ...ctx, now: later }).published_at).toBe(later.toISOString());
    const draft = { status: 'draft', published_at: null };
    expect(toArticleWrite({ ...base, status: 'published' }, { ...ctx, previous: draft }).published_at).toBe(NOW.toISOString());
    const due = { status: 'scheduled', published_at: '2026-11-22T06:00:00.000Z' };
    expect(toArticleWrite({ ...base, status: 'published' }, { ...ctx, previous: due }).published_at).toBe(NOW.toISOString());
  });
  it('keeps the publication time of an article readers already see: an edit is no new publication', () => {
    const out = { status: 'published', published_at: '2026-11-21T05:58:00.000Z' };
    const edit = toArticleWrite({ ...base, status: 'published', published_at: out.published_at }, { ...ctx, previous: out });
    expect(edit.published_at).toBe('2026-11-21T05:58:00.000Z');
    const dueScheduled = { status: 'scheduled', published_at: '2026-11-21T08:00:00.000Z' };
    expect(toArticleWrite({ ...base, status: 'published' }, { ...ctx, previous: dueScheduled }).published_at).toBe(
      '2026-11-21T08:00:00.000Z',
    );
  });
  it('saves the mode the article is written in, Mise en forme unless it is Texte brut', () => {
    expect(toArticleWrite({ ...base, editor_mode: 'html' }, ctx).editor_mode).toBe('html');
    expect(toArticleWrite({ ...base, editor_mode: 'rich' }, ctx).editor_mode).toBe('rich');
    expect(toArticleWrite(base, ctx).editor_mode).toBe('rich');
  });
  it('keeps a scheduled article’s moment', () => {
    const write = toArticleWrite({ ...base, status: 'scheduled', published_at: '2026-12-02T06:00:00.000Z' }, ctx);
    expect(write).toMatchObject({ status: 'scheduled', published_at: '2026-12-02T06:00:00.000Z' });
  });
});

describe('toArticleUpdate', () => {
  it('carries the version the form was based on, and the byline', () => {
    const update = toArticleUpdate({ ...base, author_id: 'u2' }, 7, ctx);
    expect(update.version).toBe(7);
    expect(update.author_id).toBe('u2');
  });
});

describe('the note of a status change', () => {
  it('goes with the save, trimmed, only when there is one', () => {
    expect(toArticleWrite({ ...base, status: 'review', status_note: '  Le titre reste à trouver.  ' }, ctx).status_note).toBe(
      'Le titre reste à trouver.',
    );
    expect(toArticleWrite({ ...base, status: 'review', status_note: '   ' }, ctx)).not.toHaveProperty('status_note');
    expect(toArticleWrite(base, ctx)).not.toHaveProperty('status_note');
  });
});
