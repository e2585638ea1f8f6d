import { hasHtml } from '@/lib/hasHtml';
import { previewPath } from '@/lib/previewPath';
import { articlePath, authorPath, categoryPath, COUNTRIES_PATH, tagPath, UNSUBSCRIBE_PATH } from '@/lib/readerPaths';
import { imageAtWidth, SHARE_IMAGE_SIZE, SHARE_IMAGE_WIDTH, shareImageOf } from '@/lib/renditions';
import { articleUpdatedAt } from '@/lib/corrections';
import { latestDate } from '@/lib/dates';
import { SITE_NAME } from '@/lib/siteName';
import { FACT_CHECKS_PATH, FACT_CHECKS_TITLE, factCheckOf, VERDICT_STYLES, VIRAL_CLAIMANT } from '@/lib/factCheck';
import { SAVED_ARTICLES_PATH, SAVED_ARTICLES_TITLE } from './saved/constants';
import { factChecksPath, type FactChecksPageData } from './api/factChecks';
import type { ArticleDetail, ArticlePageData, AuthorPageData, CategoryPageData, PreviewData, TagPageData } from './api/types';

// What each reader page says about itself: the browser's tab title, and on the server the head
// tags search engines and link previews read. One source for both (usePageMeta, src/server/head.ts).

export { SITE_NAME };
export const SITE_DESCRIPTION = "L'actualité africaine autrement : politique, économie, culture, sport et réussites du continent.";
/** The newsroom's byline when an article's author has no name. */
export const DEFAULT_AUTHOR = 'Rédaction';
const DESCRIPTION_MAX = 200;
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

export interface PageMeta {
  /** The page's own title; the document title adds the site's name (documentTitle). */
  title: string | null;
  description: string;
  /** Path of the canonical address, on the site's public origin. */
  path: string;
  /** What schema.org calls the page, for JSON-LD; none for error pages. */
  kind: 'home' | 'collection' | 'article' | 'page' | 'error';
  /** Share-card picture: an absolute URL, or a site path. */
  image?: string | null;
  /** What the share-card picture shows (its alternative text); the title when nobody said. */
  imageAlt?: string | null;
  /** A share picture of the share card's size drawn for the page (a fact-check's verdict), taking the place of `image`'s. */
  shareImage?: string;
  article?: {
    publishedAt: string | null;
    modifiedAt?: string | null;
    section: string | null;
    author: string;
    /** Path of the author's page, when the byline is a person with one. */
    authorPath?: string | null;
    /** A live article's coverage (schema.org LiveBlogPosting): its times and latest entries, newest first. */
    live?: LiveMeta;
    /** A « Vrai ou faux »'s check (schema.org ClaimReview beside the NewsArticle). */
    claimReview?: ClaimReviewMeta;
  };
  /** Paths of the list's previous and next pages (rel="prev"/"next"), on a paginated list. */
  prev?: string;
  next?: string;
  /** The page's RSS feed, announced to feed readers. */
  feed?: { title: string; path: string };
  /** Search results, sign-in, 404: kept out of search engines' indexes. */
  noindex?: boolean;
}

/** '{page} — Afrique Actu'; the home page is the site's name and motto. */
export const documentTitle = (title: string | null) =>
  title ? `${title} — ${SITE_NAME}` : `${SITE_NAME} — L'actualité africaine autrement`;

export const homeMeta = (): PageMeta => ({
  title: null,
  description: SITE_DESCRIPTION,
  path: '/',
  kind: 'home',
  feed: { title: `${SITE_NAME} — tous les articles`, path: '/rss.xml' },
});

export const categoryMeta = ({ category, articles, page, hasMore }: CategoryPageData): PageMeta => {
  const lead = articles.find((a) => a.image_url);
  return {
    title: page > 1 ? `${category.name}, page ${page}` : category.name,
    description: `${category.name} : les derniers articles d'${SITE_NAME}, l'actualité africaine autrement.`,
    path: categoryPath(category.slug, page),
    ...(page > 1 ? { prev: categoryPath(category.slug, page - 1) } : {}),
    ...(hasMore ? { next: categoryPath(category.slug, page + 1) } : {}),
    kind: 'collection',
    image: lead?.image_url,
    imageAlt: lead?.image_alt,
    feed: { title: `${SITE_NAME} — ${category.name}`, path: `${categoryPath(category.slug)}/rss.xml` },
  };
};

/** « Vrai ou faux »: the fact-checks' listing, with its feed. */
export const factChecksMeta = ({ articles, page, hasMore }: FactChecksPageData): PageMeta => {
  const lead = articles.find((a) => a.image_url);
  return {
    title: page > 1 ? `${FACT_CHECKS_TITLE}, page ${page}` : FACT_CHECKS_TITLE,
    description: `${FACT_CHECKS_TITLE} : les rumeurs et affirmations vérifiées par ${SITE_NAME}, avec leur verdict.`,
    path: factChecksPath(page),
    ...(page > 1 ? { prev: factChecksPath(page - 1) } : {}),
    ...(hasMore ? { next: factChecksPath(page + 1) } : {}),
    kind: 'collection',
    image: lead?.image_url,
    imageAlt: lead?.image_alt,
    feed: { title: `${SITE_NAME} — ${FACT_CHECKS_TITLE}`, path: `${FACT_CHECKS_PATH}/rss.xml` },
  };
};

/** What a live article's head says of its coverage. */
export interface LiveMeta {
  startedAt: string;
  /** Set once the coverage is closed. */
  endedAt: string | null;
  /** The latest entries (the first page's), newest first; none on an older page or a refresh. */
  updates: { seq: number; body: string; publishedAt: string; modifiedAt: string }[];
}

/** What a fact-check's head says of its check (src/server/claimReviewJsonLd.ts). */
export interface ClaimReviewMeta {
  claim: string;
  claimant: string;
  /** The verdict's French label (« Faux ») and its rating, 1 (false) to 5 (true). */
  verdict: string;
  rating: number;
  firstSeen: string | null;
  appearances: string[];
}

/** The ClaimReview facts of a published « Vrai ou faux » with its claim; none otherwise. */
function claimReviewOf(article: ArticleDetail): ClaimReviewMeta | undefined {
  const check = factCheckOf(article);
  if (!check?.claim) return undefined;
  const style = VERDICT_STYLES[check.verdict];
  return {
    claim: check.claim,
    claimant: check.claimant || VIRAL_CLAIMANT,
    verdict: style.label,
    rating: style.rating,
    firstSeen: check.first_seen ?? null,
    appearances: check.links ?? [],
  };
}

/** An article's page: what the tab and the share card show (its facts for the head: articleHeadMeta). */
export const articleMeta = ({ article, images }: ArticlePageData): PageMeta => ({
  title: article.title,
  description: articleDescription(article),
  path: articlePath(article.slug),
  kind: 'article',
  image: images[0]?.url ?? article.image_url,
  imageAlt: images[0] ? images[0].alt : article.image_alt,
});

/**
 * An article's facts in its head (the server's alone: the browser writes no head tags of these nor
 * JSON-LD, so no reader's first load carries this code). An article changes for its readers when it
 * is edited after it went out (its publication time stays) or corrected: its modification date is
 * the later of the two, a live article's its latest entry's change when later. A live article's
 * coverage (schema.org LiveBlogPosting): its times and latest entries; its older pages and refresh
 * (`?avant=`, `?depuis=`), whose canonical address is the first page, list none.
 */
export function articleHeadMeta(meta: PageMeta, { article, authorName, authorSlug, corrections, live }: ArticlePageData): PageMeta {
  const updates =
    live && live.before === null && live.since === null
      ? live.entries.map((e) => ({ seq: e.seq, body: e.body, publishedAt: e.createdAt, modifiedAt: e.updatedAt }))
      : [];
  const changed = latestDate([articleUpdatedAt(article, corrections ?? []), ...updates.map((u) => u.modifiedAt)].filter((d) => d !== null));
  const claimReview = claimReviewOf(article);
  return {
    ...meta,
    // A fact-check's preview is its verdict, drawn by the server (src/server/verdictCard.ts).
    ...(claimReview && {
      shareImage: `${articlePath(article.slug)}/verdict.jpg`,
      imageAlt: `${claimReview.verdict} : ${claimReview.claim}`,
    }),
    article: {
      publishedAt: article.published_at,
      modifiedAt: changed ?? article.published_at,
      section: article.category?.name ?? null,
      author: authorName,
      authorPath: authorSlug ? authorPath(authorSlug) : null,
      ...(live && { live: { startedAt: live.coverage.startedAt, endedAt: live.coverage.endedAt, updates } }),
      ...(claimReview && { claimReview }),
    },
  };
}

/** An author's page: their articles, presented by their own words when they wrote some. */
export const authorMeta = ({ author, articles, page, hasMore }: AuthorPageData): PageMeta => {
  const lead = articles.find((a) => a.image_url);
  return {
    title: page > 1 ? `Articles de ${author.full_name}, page ${page}` : `Articles de ${author.full_name}`,
    description: summary(author.bio ?? '') || `Les articles de ${author.full_name} pour ${SITE_NAME}, l'actualité africaine autrement.`,
    path: authorPath(author.slug, page),
    ...(page > 1 ? { prev: authorPath(author.slug, page - 1) } : {}),
    ...(hasMore ? { next: authorPath(author.slug, page + 1) } : {}),
    kind: 'collection',
    image: lead?.image_url,
    imageAlt: lead?.image_alt,
  };
};

/** A country's or a topic's page: its name (and description), paged and with its feed, as a category's. */
export const tagMeta = ({ tag, articles, page, hasMore }: TagPageData): PageMeta => {
  const lead = articles.find((a) => a.image_url);
  return {
    title: page > 1 ? `${tag.name}, page ${page}` : tag.name,
    description: summary(tag.description ?? '') || `${tag.name} : toute l'actualité sur ${SITE_NAME}, l'actualité africaine autrement.`,
    path: tagPath(tag.kind, tag.slug, page),
    ...(page > 1 ? { prev: tagPath(tag.kind, tag.slug, page - 1) } : {}),
    ...(hasMore ? { next: tagPath(tag.kind, tag.slug, page + 1) } : {}),
    kind: 'collection',
    image: tag.picture_url ?? lead?.image_url,
    imageAlt: tag.picture_url ? tag.name : lead?.image_alt,
    feed: { title: `${SITE_NAME} — ${tag.name}`, path: `${tagPath(tag.kind, tag.slug)}/rss.xml` },
  };
};

/** The « Pays » index. */
export const countriesMeta = (): PageMeta => ({
  title: 'Pays',
  description: `L'actualité des 54 pays d'Afrique, pays par pays, sur ${SITE_NAME}.`,
  path: COUNTRIES_PATH,
  kind: 'page',
});

/** The preview of an article: its own address, never indexed. */
export const previewMeta = ({ article }: PreviewData): PageMeta => ({
  title: `Aperçu : ${article.title}`,
  description: articleDescription(article),
  path: previewPath(article.id),
  kind: 'page',
  noindex: true,
});

export const CORRECTIONS_TITLE = 'Corrections';
export const correctionsMeta = (): PageMeta => ({
  title: CORRECTIONS_TITLE,
  description: `Les dernières corrections apportées aux articles d'${SITE_NAME}, avec un lien vers chaque article corrigé.`,
  path: '/corrections',
  kind: 'page',
});

export const searchTitle = (q: string) => (q ? `Résultats pour « ${q} »` : 'Recherche');
export const searchMeta = (q: string): PageMeta => ({
  title: searchTitle(q),
  description: `Rechercher dans les articles d'${SITE_NAME}.`,
  path: '/search',
  kind: 'page',
  noindex: true,
});

export const aboutMeta = (): PageMeta => ({
  title: 'À propos',
  description: `Mission, vision et valeurs d'${SITE_NAME} : l'Afrique racontée par celles et ceux qui la vivent.`,
  path: '/about',
  kind: 'page',
});

export const audienceMeta = (): PageMeta => ({
  title: "Mesure d'audience",
  description: `Ce qu'${SITE_NAME} mesure de ses lectures, et ce qu'il ne mesure pas : ni cookie, ni identifiant, ni adresse IP gardée.`,
  path: '/mesure-d-audience',
  kind: 'page',
});

export const contactMeta = (): PageMeta => ({
  title: 'Contact',
  description: `Écrire à la rédaction d'${SITE_NAME}, proposer un sujet, rejoindre nos journalistes ou devenir partenaire.`,
  path: '/contact',
  kind: 'page',
});

/** « Signaler une rumeur »: the tipline's form. */
export const rumourMeta = (): PageMeta => ({
  title: 'Signaler une rumeur',
  description: `Une rumeur circule ? Envoyez-la à ${SITE_NAME} : la rédaction vérifie et publie la réponse dans « Vrai ou faux ».`,
  path: '/signaler-une-rumeur',
  kind: 'page',
});

/** A signed-in reader's saved articles: their own, never indexed. */
export const savedArticlesMeta = (): PageMeta => ({
  title: SAVED_ARTICLES_TITLE,
  description: `Les articles que vous avez gardés pour plus tard sur ${SITE_NAME}, sur tous vos appareils.`,
  path: SAVED_ARTICLES_PATH,
  kind: 'page',
  noindex: true,
});

export const authMeta = (title = 'Connexion'): PageMeta => ({
  title,
  description: SITE_DESCRIPTION,
  path: '/auth',
  kind: 'page',
  noindex: true,
});

export const UNSUBSCRIBE_TITLE = 'Désinscription de la newsletter';
export const UNSUBSCRIBE_DONE_TITLE = 'Désinscription faite';
export const CONFIRM_TITLE = 'Confirmer votre inscription';
export const CONFIRM_DONE_TITLE = 'Inscription confirmée';
/**
 * Where a newsletter mail's link leads (unsubscribe, confirm): one reader's, never indexed. Its
 * title is the page's heading: the question, then once the button did it (`state` « fait »), the answer.
 */
export const newsletterLinkMeta = (path: string, state?: string | null): PageMeta => ({
  title: (path === UNSUBSCRIBE_PATH ? [UNSUBSCRIBE_TITLE, UNSUBSCRIBE_DONE_TITLE] : [CONFIRM_TITLE, CONFIRM_DONE_TITLE])[
    state === 'fait' ? 1 : 0
  ],
  description: `La Matinale d'${SITE_NAME}.`,
  path,
  kind: 'page',
  noindex: true,
});

/** A missing page, or one whose data is still on its way or failed: no card, not indexed. */
export const errorMeta = (title: string | null, path: string): PageMeta => ({
  title,
  description: "Cette page n'existe pas ou n'est plus en ligne.",
  path,
  kind: 'error',
  noindex: true,
});

/** The excerpt, else the opening words of the text: an article's description in cards and feeds. */
export const articleDescription = (article: Pick<ArticleDetail, 'excerpt' | 'content'>) =>
  article.excerpt?.trim() || summary(article.content);

/** The opening words of an article's text (tags dropped), for a description under 200 characters. */
export function summary(content: string): string {
  const text = (hasHtml(content) ? content.replace(/<[^>]*>/g, ' ') : content)
    .replace(/&(nbsp|amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The link-preview card of a page: absolute URLs on the public origin. */
export function shareCard(meta: PageMeta, origin: string, defaultImage: string) {
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;
  const title = meta.title ?? documentTitle(null);
  // The picture's share card (1200×630, under 300 KB: WhatsApp drops heavier previews); an image
  // from outside the upload rule has none, and goes at 1200 px where it has renditions.
  const share = meta.shareImage ?? (meta.image ? shareImageOf(meta.image) : null);
  return {
    title,
    description: meta.description,
    url: absolute(meta.path),
    image: absolute(share ?? (meta.image ? imageAtWidth(meta.image, SHARE_IMAGE_WIDTH) : defaultImage)),
    /** Known for a share picture and for the default (the site's share picture): previews draw at once. */
    imageSize: share || !meta.image ? SHARE_IMAGE_SIZE : null,
    // The site's own picture stands in when the page has none: the title says what the card is.
    imageAlt: ((meta.image || meta.shareImage) && meta.imageAlt) || title,
  };
}
