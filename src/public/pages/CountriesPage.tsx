import { Link } from '@/public/router/Router';
import { tagPath } from '@/lib/readerPaths';
import { useRouteData } from '../routing/RouteContext';
import type { CountriesData } from '../api/types';
import './TagPage.css';

/** The regions in the index's order (the African Union's five, then the rest of the world), as readers name them. */
export const REGIONS = [
  ['afrique-ouest', "Afrique de l'Ouest"],
  ['afrique-centrale', 'Afrique centrale'],
  ['afrique-est', "Afrique de l'Est"],
  ['afrique-australe', 'Afrique australe'],
  ['afrique-nord', 'Afrique du Nord'],
  ['monde', 'Reste du monde'],
] as const;

/** The countries of each region, in the order REGIONS gives (a region with none is left out). */
export function byRegion(countries: CountriesData['countries']) {
  return REGIONS.map(([id, name]) => ({ id, name, countries: countries.filter((c) => c.region === id) })).filter(
    (r) => r.countries.length > 0,
  );
}

/** « Pays »: every country's page, grouped by region, as plain links (crawlers and lite pages follow them). */
export function CountriesPage() {
  const { status, data } = useRouteData('countries');
  return (
    <section aria-busy={status === 'loading'} className="countries">
      <h1 className="page-title">Pays</h1>
      {data &&
        byRegion(data.countries).map((region) => (
          <section key={region.id} aria-labelledby={`region-${region.id}`}>
            <h2 id={`region-${region.id}`}>{region.name}</h2>
            <ul>
              {region.countries.map((c) => (
                <li key={c.slug}>
                  <Link to={tagPath('pays', c.slug)}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </section>
  );
}
