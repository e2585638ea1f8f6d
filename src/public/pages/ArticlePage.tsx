import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from '@/public/router/Router';
import { formatLongDate } from '@/lib/dates';
import { factCheckOf, VERDICT_STYLES } from '@/lib/factCheck';
import { KeptCorrectionKit, KeptFactCheckDetails, KeptVerdictBand } from '../components/factCheck/ArticleFactCheck';
// For the route's loader: the page's own chunk, so an in-app link to a fact-check asks for no other.
export { preloadFactCheckParts } from '../components/factCheck/ArticleFactCheck';
import { articlePath, authorPath } from '@/lib/readerPaths';
import { FRAME_SIZE } from '@/lib/renditions';
import { useToast } from '@/public/toast/Toaster';
import { articleUpdatedAt } from '@/lib/corrections';
import type { LiveView } from '../api/live';
import type { ArticleImageFacts, ArticlePageData } from '../api/types';
import { recordArticleView } from '../api/views';
import heroImage from '../assets/hero.webp';
import { AfterBody, ArticleBody, BodySkeleton } from '../components/ArticleBody';
import { ArticleCard } from '../components/ArticleCard';
import { ArticleTagsPart } from '../components/ArticleTagsPart';
import { ArticleImage, imageAlt, MediaCaptions } from '../components/ArticleImage';
import { MostRead } from '../components/MostRead';
import { PublishedTime } from '../components/PublishedTime';
import { KeyPoints } from '../components/KeyPoints';
import { liveCoverage } from '../components/live/liveChunk';
// A live page's coverage is painted from the server's HTML before its code loads: its styles come
// with the article page's (a few hundred bytes of CSS), not with the live chunk.
import '../components/live/LiveCoverage.css';
import '../components/live/LiveEntry.css';
import { ShareBar } from '../components/ShareBar';
import { useCarouselStart } from '../hooks/useCarouselStart';
import { useDataSaver } from '../dataSaver/DataSaverContext';
import { ARTICLE_NOT_FOUND_TITLE } from '../pageTitles';
import { afterPageLoad } from '../hooks/afterPageLoad';
import { SERVER_MARKUP, useHydratingServerMarkup } from '../hooks/useServerMarkup';
import { usePage } from '../page/PageContext';
import { LoadFailure } from '../routing/LoadFailure';
import { useRouteData } from '../routing/RouteContext';
import { SaveArticle } from '../saved/SaveArticle';
import { AlertsButton } from '../alerts/AlertsButton';
import { loadErrorMessage } from '../routing/route';
import './ArticlePage.css';

// Few articles carry correction notes: theirs come as a chunk of their own (hydrating a corrected
// article, React keeps the server's notes until it is in).
const ArticleCorrections = lazy(() => import('./ArticleCorrections').then((m) => ({ default: m.ArticleCorrections })));

// swiper is only fetched for articles with several images, once the page has loaded (useNearViewport).
const ImageCarousel = lazy(() => import('../components/ImageCarousel').then((m) => ({ default: m.ImageCarousel })));

export function ArticlePage() {
  const { status, data, error, reload, notFound } = useRouteData('article');
  const toast = useToast();
  const article = data?.article;

  const message = status === 'error' ? loadErrorMessage(error) : null;
  // Each failed query is announced by a toast; useLoader has logged the cause (docs/product.md#article-page).
  useEffect(() => {
    if (error) toast({ title: loadErrorMessage(error), variant: 'error' });
  }, [error, toast]);

  useArticleView(article?.id);

  if (notFound)
    return (
      <section className="article-state">
        <h1>{ARTICLE_NOT_FOUND_TITLE}</h1>
        <p>Cet article n'existe pas ou n'est plus en ligne.</p>
        <Link to="/" className="button">
          Retour à l'accueil
        </Link>
      </section>
    );
  if (!data && message) return <LoadFailure heading className="article-state" message={message} onRetry={reload} />;
  if (!data) return <ArticleSkeleton />;
  return (
    <>
      <ArticleView data={data} saveable />
      <ArticleMostRead data={data} />
    </>
  );
}

/** The week's most read, after the article and its related list (the preview shows none). */
function ArticleMostRead({ data: { article, mostRead = [] } }: { data: ArticlePageData }) {
  if (!mostRead.length) return null;
  return (
    <AfterBody content={article.content} sanitized={article.sanitized}>
      <div className="article-most-read">
        <MostRead articles={mostRead} />
      </div>
    </AfterBody>
  );
}

/**
 * An article as readers see it: its page, and the preview (PreviewPage) shows the same. `saveable`:
 * a signed-in reader may keep it for later (the article page; a preview may show what is not public).
 */
export function ArticleView({
  data: { article, authorName, authorSlug, images, related, corrections = [], live },
  saveable = false,
}: {
  data: ArticlePageData;
  saveable?: boolean;
}) {
  const updated = articleUpdatedAt(article, corrections);
  // The canonical address, without the query or fragment the reader arrived with.
  const factCheck = factCheckOf(article);
  const verdict = factCheck?.claim
    ? { label: VERDICT_STYLES[factCheck.verdict].label, claim: factCheck.claim, summary: factCheck.summary }
    : undefined;
  const share = {
    url: `${usePage().origin}${articlePath(article.slug)}`,
    title: article.title,
    keyPoints: article.key_points ?? [],
    verdict,
  };
  return (
    <>
      <article className="article" data-article-id={article.id}>
        {/* A fact-check's verdict first: what was checked and what we found, before anything else. */}
        {factCheck && <KeptVerdictBand factCheck={factCheck} />}
        <header className="article__header">
          {article.category && (
            <Link to={`/category/${article.category.slug}`} className="badge">
              {article.category.name}
            </Link>
          )}
          <h1 className="article__title">{article.title}</h1>
          {/* The excerpt as the standfirst (chapô): what the story is, before who wrote it. */}
          {article.excerpt && <p className="article__standfirst">{article.excerpt}</p>}
          <p className="article__byline">
            <span>Par {authorSlug ? <Link to={authorPath(authorSlug)}>{authorName}</Link> : authorName}</span>
            <PublishedTime value={article.published_at} />
          </p>
          {updated && (
            <p className="article__updated">
              Mis à jour le <time dateTime={updated}>{formatLongDate(updated)}</time>
            </p>
          )}
          <ShareBar {...share} placement="top" />
          {saveable && <SaveArticle articleId={article.id} />}
          <AlertsButton />
        </header>
        <ArticleMedia images={images} title={article.title} />
        <KeyPoints points={article.key_points ?? []} />
        <ArticleBody
          content={article.content}
          sanitized={article.sanitized}
          images={images}
          title={article.title}
          revision={`${article.id}@${article.updated_at}`}
        />
        {/* Reaching this marker is reaching the end of the text (reading/engagement.ts), whatever follows it. */}
        <div data-article-end="" aria-hidden="true" />
        <NoScriptView articleId={article.id} />
        {live !== undefined && <LiveSection live={live} slug={article.slug} />}
        {factCheck && <KeptFactCheckDetails factCheck={factCheck} />}
        {verdict && <KeptCorrectionKit verdict={verdict} url={share.url} />}
        <AfterBody content={article.content} sanitized={article.sanitized}>
          {corrections.length > 0 && (
            <Suspense fallback={null}>
              <ArticleCorrections corrections={corrections} />
            </Suspense>
          )}
          <footer className="article__footer">
            <ArticleTagsPart tags={article.tags} />
            <ShareBar {...share} placement="bottom" />
          </footer>
        </AfterBody>
      </article>
      {related.length > 0 && (
        <AfterBody content={article.content} sanitized={article.sanitized}>
          <section className="related" aria-labelledby="related-title">
            <h2 id="related-title">Articles similaires</h2>
            <div className="grid">
              {related.map((a) => (
                <ArticleCard key={a.id} article={a} showReadTime />
              ))}
            </div>
          </section>
        </AfterBody>
      )}
    </>
  );
}

/**
 * A live article's coverage. Hydrating a server-rendered page, the coverage the server made stays
 * as it is, without its code (about 5 KB gzip off a live page's first load, which stays within the
 * article page's budget); that code loads once the page has loaded and is idle, then renders the
 * same markup and keeps it current (the poller). A page the browser makes renders it at once.
 */
function LiveSection(props: { live: LiveView | null; slug: string }) {
  const [kept, setKept] = useState(useHydratingServerMarkup());
  useEffect(() => {
    if (!kept) return;
    return afterPageLoad(() => void liveCoverage.preload().then((loaded) => loaded && setKept(false)));
  }, [kept]);
  // Once loaded (or on a page the browser makes, where the page's boundary waits for it), the chunk's section.
  const LiveUpdates = kept ? null : liveCoverage.read()?.LiveUpdates;
  return (
    <div dangerouslySetInnerHTML={LiveUpdates ? undefined : SERVER_MARKUP} suppressHydrationWarning>
      {LiveUpdates && <LiveUpdates {...props} />}
    </div>
  );
}

/**
 * No image: the hero picture; one: a figure; several: the carousel, which opens on the same
 * figure. Under it, the shown picture's caption and credit.
 */
function ArticleMedia({ images, title }: { images: ArticleImageFacts[]; title: string }) {
  const saver = useDataSaver().on;
  const [active, setActive] = useState(0);
  // The first image is the page's LCP: swiper waits until the page has loaded and gone idle, and
  // the first image has had its 5 s or the reader reaches for it (useCarouselStart).
  const { ref, start, reach } = useCarouselStart<HTMLDivElement>(images.length > 1 && !saver);
  // Data-saver mode: no carousel, no swiper; the pictures are one button in the body, after its
  // first paragraph, so the text comes first (bodyGallery.ts).
  if (saver) return null;
  const still = (
    <div ref={ref} className="article-media__frame" onPointerEnter={reach} onPointerDown={reach}>
      {images[0] ? (
        <ArticleImage url={images[0].url} alt={imageAlt(images[0], title, 0)} loading="eager" fetchPriority="high" />
      ) : (
        <img src={heroImage} alt="" {...FRAME_SIZE} loading="eager" fetchPriority="high" decoding="async" />
      )}
    </div>
  );
  // The server (and the browser while hydrating its HTML) shows the first image; then swiper.
  return (
    <figure className="article-media">
      {images.length < 2 || !start ? (
        still
      ) : (
        <Suspense fallback={still}>
          <ImageCarousel images={images} title={title} advanceOnStart={start === 'due'} onActive={setActive} />
        </Suspense>
      )}
      <MediaCaptions images={images} active={active} />
    </figure>
  );
}

function ArticleSkeleton() {
  return (
    <div className="article" aria-busy="true">
      <p className="visually-hidden" role="status">
        Chargement...
      </p>
      <div className="article__header" aria-hidden="true">
        <div className="skeleton article-skeleton__badge" />
        <div className="skeleton article-skeleton__title" />
        <div className="skeleton article-skeleton__title article-skeleton__title--short" />
        <div className="skeleton article-skeleton__byline" />
        <div className="article-skeleton__share" />
      </div>
      <div className="article-media" aria-hidden="true">
        <div className="article-media__frame skeleton" />
      </div>
      <div className="article-body">
        <BodySkeleton />
      </div>
    </div>
  );
}

/**
 * A reader without JavaScript is counted by the site's server when this picture loads
 * (src/server/routes/servedView.ts). Its address is NO_SCRIPT_VIEW_PREFIX (src/lib/channels.ts),
 * spelt out: importing it put that module in the article page's first load (+1.7 KB gzip).
 */
function NoScriptView({ articleId }: { articleId: string }) {
  const kind = useDataSaver().on ? 'lite' : 'full';
  return (
    <noscript>
      <img src={`/api/lu/${articleId}?k=${kind}`} alt="" width={1} height={1} />
    </noscript>
  );
}

/**
 * One article view per article shown (page views are counted for every route by usePageView); its
 * reading is sent when the page is hidden or the reader moves on to another page.
 */
function useArticleView(articleId: string | undefined) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    // The ref also keeps React's development double effects from counting twice.
    if (!articleId || recorded.current === articleId) return;
    recorded.current = articleId;
    return recordArticleView(articleId);
  }, [articleId]);
}
