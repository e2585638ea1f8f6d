import { ArticleEditor } from './ArticleEditor';

/** /articles/new (and react-admin's /articles/create). */
export function ArticleCreate() {
  return <ArticleEditor />;
}
