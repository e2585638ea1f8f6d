import { FACT_CHECKS_TITLE } from '@/lib/factCheck';
import { factChecksPath } from '../api/factChecks';
import { useRouteData } from '../routing/RouteContext';
import { CardListing } from './CategoryPage';

export const EMPTY_FACT_CHECKS_TEXT = 'Aucune vérification publiée pour le moment.';

/** « Vrai ou faux »: the published fact-checks, newest first, each card with its verdict; listed as a category is. */
export function FactChecksPage() {
  const { status, data } = useRouteData('factChecks');
  return (
    <section aria-busy={status === 'loading'} className="category-page">
      <h1 className="page-title">{data && data.page > 1 ? `${FACT_CHECKS_TITLE}, page ${data.page}` : FACT_CHECKS_TITLE}</h1>
      <CardListing
        loading={status === 'loading' && !data}
        list={data && { ...data, path: factChecksPath, label: `Pages de ${FACT_CHECKS_TITLE}` }}
        empty={EMPTY_FACT_CHECKS_TEXT}
      />
    </section>
  );
}
