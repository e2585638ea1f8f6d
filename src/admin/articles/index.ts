import ArticleIcon from '@mui/icons-material/Article';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { ArticleCreate } from './ArticleCreate';
import { ArticleEdit } from './ArticleEdit';
import { ArticleList } from './ArticleList';

/**
 * The articles resource. A new article's address is /admin/articles/new (docs/product.md#back-office-routes): the extra
 * route below outranks react-admin's /articles/:id, and /articles/create keeps working for
 * react-admin's own links. Editing is react-admin's /articles/{id}, the product's address too.
 */
const articles: ResourceProps = {
  name: 'articles',
  list: ArticleList,
  create: ArticleCreate,
  edit: ArticleEdit,
  icon: ArticleIcon,
  recordRepresentation: 'title',
  children: createElement(Route, { path: 'new/*', element: createElement(ArticleCreate) }),
};

export default articles;
