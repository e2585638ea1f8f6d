/**
 * The article the reader is on, as its page marks it (`data-article-id` on the article page's
 * <article>, full and lite), or null elsewhere: the newsletter form and the alerts button pass it
 * to their sign-up, so the editor's panel counts the sign-ups that started on an article.
 */
export const ARTICLE_ID_ATTRIBUTE = 'data-article-id';

export const pageArticleId = (root: ParentNode = document): string | null =>
  root.querySelector(`article[${ARTICLE_ID_ATTRIBUTE}]`)?.getAttribute(ARTICLE_ID_ATTRIBUTE) ?? null;

/** A sign-up call's arguments with the page's article, when there is one. */
export const withPageArticle = <T extends object>(args: T, root?: ParentNode): T & { p_article_id?: string } => {
  const articleId = pageArticleId(root);
  return articleId ? { ...args, p_article_id: articleId } : args;
};
