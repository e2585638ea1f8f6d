import { categoryPath } from '@/lib/readerPaths';
import type { ArticleCard as Card } from '../api/types';
import { ArticleCard } from '../components/ArticleCard';
import { CardGridSkeleton } from '../components/CardGridSkeleton';
import { Pager } from '../components/Pager';
import { useRouteData } from '../routing/RouteContext';
import { ROUTES } from '../routes';

/**
 * Rows under the lead story on a 412×915 phone's or a 1280×800 laptop's first screen (three, and
 * part of a fourth): their pictures load with the page, the others' as the reader scrolls to them.
 */
const ROWS_ON_FIRST_SCREEN = 4;

export const EMPTY_CATEGORY_TEXT = 'Aucun article disponible dans cette catégorie pour le moment.';

/**
 * A category's page: its lead story, then the others as compact rows (five or six to a phone's
 * screen), none repeating the page's own category; the pager at the end, the page number in the
 * heading from page 2.
 */
export function CategoryPage() {
  const { status, data, notFound } = useRouteData('category');
  if (notFound) return <ROUTES.notFound.page />;
  // List-loading failures on category pages are only logged, by useLoader (docs/product.md#category-page).
  return (
    <section aria-busy={status === 'loading'} className="category-page">
      <h1 className="page-title">
        {data
          ? data.page > 1
            ? `${data.category.name}, page ${data.page}`
            : data.category.name
          : status === 'error'
            ? 'Catégorie'
            : '\u00a0'}
      </h1>
      <CardListing
        loading={status === 'loading' && !data}
        list={data && { ...data, path: (n) => categoryPath(data.category.slug, n), label: `Pages de la rubrique ${data.category.name}` }}
        empty={EMPTY_CATEGORY_TEXT}
        hideCategory
      />
    </section>
  );
}

interface Listing {
  articles: Card[];
  page: number;
  hasMore: boolean;
  /** A page's address, and the pager's name. */
  path: (page: number) => string;
  label: string;
}

/**
 * A list's cards as a category shows them: the lead story, the others as compact rows, then the
 * pager; its skeleton while loading, `empty` when there is nothing. Also the « Vrai ou faux » listing's.
 */
export function CardListing({
  loading,
  list,
  empty,
  hideCategory = false,
}: {
  loading: boolean;
  list: Listing | null | undefined;
  empty: string;
  hideCategory?: boolean;
}) {
  if (loading) return <CardGridSkeleton />;
  const [lead, ...rest] = list?.articles ?? [];
  if (!list || !lead) return <p className="empty">{empty}</p>;
  return (
    <>
      <h2 className="visually-hidden">Articles</h2>
      <ArticleCard article={lead} variant="featured" showReadTime hideCategory={hideCategory} eager priority />
      <ul className="category-page__list">
        {rest.map((a, i) => (
          <li key={a.id}>
            <ArticleCard article={a} variant="row" showReadTime hideCategory={hideCategory} deferPicture={i >= ROWS_ON_FIRST_SCREEN} />
          </li>
        ))}
      </ul>
      <Pager page={list.page} hasMore={list.hasMore} path={list.path} label={list.label} />
    </>
  );
}
