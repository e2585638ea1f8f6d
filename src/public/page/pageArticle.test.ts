// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { pageArticleId, withPageArticle } from './pageArticle';

afterEach(() => {
  document.body.innerHTML = '';
});

it('names the article the reader is on to a sign-up, and none elsewhere', () => {
  document.body.innerHTML = '<main><article class="card"><h2>Une carte</h2></article></main>';
  expect(pageArticleId()).toBeNull();
  expect(withPageArticle({ p_email: 'a@example.org' })).toEqual({ p_email: 'a@example.org' });
  document.body.innerHTML = '<main><article class="article" data-article-id="0b7e-id"><h1>Le sommet</h1></article></main>';
  expect(pageArticleId()).toBe('0b7e-id');
  expect(withPageArticle({ p_email: 'a@example.org' })).toEqual({ p_email: 'a@example.org', p_article_id: '0b7e-id' });
});
