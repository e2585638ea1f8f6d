import { lazy, Suspense, type Ref } from 'react';
import { EditionSlot } from '@/offline/EditionSlot';
import { EditionOffer } from '../emergency/EditionOffer';
import { EmergencyFront } from '../emergency/EmergencyFront';
import { useOptionalPage } from '../page/PageContext';
import { AlertsButton } from '../alerts/AlertsButton';
import { Link } from '@/public/router/Router';
import type { ArticleCard as Card, HomePageData, HomeSection } from '../api/types';
import { LiveMarksProvider } from '../components/live/LiveMarks';
import { useMenuCategories, type MenuCategory } from '../categories';
import { ArticleCard } from '../components/ArticleCard';
import { EditorialTeam } from '../components/EditorialTeam';
import { MostRead } from '../components/MostRead';
import { TopicStrip } from '../components/TopicStrip';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { useLiveArticles } from '../hooks/useLiveArticles';
import { useCarouselStart } from '../hooks/useCarouselStart';
import { useRouteData } from '../routing/RouteContext';
import '../components/CategoryCarousel.css';
import './HomePage.css';

/**
 * Swiper (JS and CSS) is kept off the reader's first load, and fetched only when a carousel starts
 * (useCarouselStart). Until its chunk arrives, the same cards sit in a static row of identical
 * geometry, so the swap moves nothing; if the chunk cannot load, the static row (scrollable by
 * touch) simply stays.
 */
const CategoryCarousel = lazy(() =>
  import('../components/CategoryCarousel').then(
    (m) => ({ default: m.CategoryCarousel }),
    (error: unknown) => {
      console.error(error);
      return {
        default: ({ articles, label }: { articles: Card[]; label: string }) => <StaticCarousel articles={articles} label={label} />,
      };
    },
  ),
);

function StaticCarousel({
  articles,
  label,
  ref,
  onReach,
}: {
  articles: Card[];
  label: string;
  ref?: Ref<HTMLDivElement>;
  onReach?: () => void;
}) {
  return (
    <div
      ref={ref}
      className="carousel"
      role="group"
      aria-roledescription="carrousel"
      aria-label={label}
      onPointerEnter={onReach}
      onPointerDown={onReach}
      onFocus={onReach}
    >
      <ul className="carousel__track carousel__track--static">
        {articles.map((article) => (
          <li key={article.id} className="carousel__slide">
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The static row on the server, while hydrating (the HTML must match) and until the carousel
 * starts (useCarouselStart: its first 5 s near the screen, or the reader reaching for it); then swiper.
 */
function LiveCarousel(props: { articles: Card[]; label: string }) {
  const { ref, start, reach } = useCarouselStart<HTMLDivElement>();
  if (!start) return <StaticCarousel {...props} ref={ref} onReach={reach} />;
  return (
    <Suspense fallback={<StaticCarousel {...props} />}>
      <CategoryCarousel {...props} advanceOnStart={start === 'due'} />
    </Suspense>
  );
}

function CategorySection({ section: { category, articles } }: { section: HomeSection }) {
  const headingId = `home-section-${category.slug}`;
  const saver = useDataSaver().on;
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <header className="home-section__head">
        <h2 id={headingId} className="home-heading">
          {category.name}
        </h2>
        <Link to={`/category/${category.slug}`} className="home-section__more" aria-describedby={headingId}>
          Voir plus<span aria-hidden="true"> →</span>
        </Link>
      </header>
      {/* No read time on home carousel cards (docs/product.md#home). Data-saver mode: a plain list, nothing moves. */}
      {saver ? (
        <ul className="home-section__list">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      ) : (
        <LiveCarousel articles={articles} label={category.name} />
      )}
    </section>
  );
}

/**
 * Sections in the menu's order. home_page sorts by name in the database's collation, which may put
 * 'Économie' after 'Tribune libre'; categories outside the menu follow in French alphabetical order.
 */
function inMenuOrder(sections: HomeSection[], menu: readonly MenuCategory[]): HomeSection[] {
  const order = new Map(menu.map((c, i) => [c.slug, i]));
  const rank = (s: HomeSection) => order.get(s.category.slug) ?? order.size;
  return [...sections].sort((a, b) => rank(a) - rank(b) || a.category.name.localeCompare(b.category.name, 'fr'));
}

/** How many headlines sit by the lead story (issue 25: a newsroom's front shows four to six). */
export const HEADLINES = 6;

/**
 * « Les grands titres »: the stories the newsroom pinned, in its order; when it pinned none (or
 * older pages' data has none), the newest stories of the sections. Never the lead story again.
 */
export function headlines({ featured, top, sections }: Pick<HomePageData, 'featured' | 'top' | 'sections'>): Card[] {
  if (top?.length) return top.slice(0, HEADLINES);
  const seen = new Set(featured ? [featured.id] : []);
  return sections
    .flatMap((s) => s.articles)
    .filter((a) => !seen.has(a.id) && seen.add(a.id))
    .sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))
    .slice(0, HEADLINES);
}

/** Holds the featured card's and two sections' room while the one home_page call is in flight. */
function HomeSkeleton() {
  const card = (key: number) => (
    <li key={key} className="carousel__slide">
      <div className="skeleton-card">
        <div className="skeleton skeleton-card__media" />
        <div className="skeleton-card__body" />
      </div>
    </li>
  );
  return (
    <>
      <div className="home-featured" aria-hidden="true">
        <p className="home-heading skeleton-text">&nbsp;</p>
        <div className="skeleton-card skeleton-card--featured">
          <div className="skeleton skeleton-card__media" />
          <div className="skeleton-card__body" />
        </div>
      </div>
      {[0, 1].map((s) => (
        <div key={s} className="home-section" aria-hidden="true">
          <div className="home-section__head">
            <p className="home-heading skeleton-text">&nbsp;</p>
          </div>
          <div className="carousel">
            <ul className="carousel__track carousel__track--static">{[0, 1, 2].map(card)}</ul>
          </div>
        </div>
      ))}
    </>
  );
}

export function HomePage() {
  const { status, data, reload } = useRouteData('home');
  const menu = useMenuCategories();
  const emergency = useOptionalPage()?.emergency?.on ?? false;
  // A published or edited article refreshes the open page in place (docs/product.md#live-home).
  useLiveArticles(reload, !useDataSaver().on);
  // A failed load is only logged, by useLoader; hero and editorial block still show (docs/product.md#home).
  return (
    <div className="home" aria-busy={status === 'loading'}>
      <section className="hero">
        <h1>L'actualité africaine autrement</h1>
        <p>Des regards africains sur l'Afrique et le monde : politique, économie, culture, sport et réussites du continent.</p>
      </section>
      {status === 'loading' && !data ? (
        <HomeSkeleton />
      ) : (
        data &&
        (emergency ? (
          // « Mode urgence »: « L'essentiel », the live coverages and « Infos pratiques », then the edition to keep.
          <LiveMarksProvider coverages={data.live}>
            <EmergencyFront data={data} essentials={[...(data.featured ? [data.featured] : []), ...headlines(data)]} />
            <EditionOffer />
            <EditionSlot />
          </LiveMarksProvider>
        ) : (
          <LiveMarksProvider coverages={data.live}>
            {/* News first: the lead story, and beside it (laptop) or under it (phone) the headlines. */}
            <div className="home-front">
              {data.featured && (
                <section className="home-featured" aria-labelledby="home-featured-title">
                  <h2 id="home-featured-title" className="home-heading">
                    À la une
                  </h2>
                  <ArticleCard article={data.featured} variant="featured" showReadTime priority />
                </section>
              )}
              {headlines(data).length > 0 && (
                <section className="home-top" aria-labelledby="home-top-title">
                  <h2 id="home-top-title" className="home-heading">
                    Les grands titres
                  </h2>
                  <ul className="home-top__list">
                    {headlines(data).map((a) => (
                      <li key={a.id}>
                        {/* Lazy: the lead story's picture (the page's LCP) has the link to itself. */}
                        <ArticleCard article={a} variant="row" />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </div>
            {/* The country or topic « La une » pinned (« Élections au Sénégal »); older pages' data has none. */}
            {data.topic && <TopicStrip topic={data.topic} />}
            {/* Today's edition for reading offline (offered before a prepared date), and breaking-news alerts: after the news, not before it. */}
            <EditionOffer />
            <EditionSlot />
            <AlertsButton />
            {/* The week's most read, between the newsroom's choice and the sections; older pages' data has none. */}
            <MostRead articles={data.mostRead ?? []} />
            {inMenuOrder(data.sections, menu).map((section) => (
              <CategorySection key={section.category.id} section={section} />
            ))}
          </LiveMarksProvider>
        ))
      )}
      {!emergency && <EditorialTeam />}
    </div>
  );
}
