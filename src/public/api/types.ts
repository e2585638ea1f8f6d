import type { Correction } from '@/lib/corrections';
import type { ArticleCard, ArticleRow, Category, HomeData, NonNullColumns, Tables } from '@/lib/database';
import type { LiveFrontItem } from '@/lib/live';
import type { LiveView } from './live';

// The reader's data. The shapes of rows and of the jsonb functions' results are in @/lib/database,
// derived from the schema's generated types.
export type { ArticleCard, Category, HomeData, HomeSection } from '@/lib/database';

/** An article as its page shows it (ARTICLE_COLUMNS). */
export interface ArticleDetail
  extends
    Omit<ArticleCard, 'format'>,
    Pick<ArticleRow, 'content' | 'author_id' | 'category_id' | 'updated_at' | 'key_points' | 'format'>,
    /** A « Vrai ou faux »'s check (src/lib/factCheck.ts); absent from rows read before it existed (the offline edition's). */
    Partial<Pick<ArticleRow, 'fact_check'>> {
  /**
   * Set only by the site's server on the data it renders and hands to the browser: `content` is
   * HTML already through the sanitizer. Data the browser fetches itself never has it.
   */
  sanitized?: true;
  /** Its countries and topics (visible tags), linked under the text; none in data an older server rendered. */
  tags?: ArticleTag[];
}

/** A tag as the reader shows it: its kind says its address (/pays/… or /sujet/…). */
export type ArticleTag = Pick<Tables<'tags'>, 'kind' | 'name' | 'slug'>;

/** A country's or a topic's page (/pays/<slug>, /sujet/<slug>): the tag and one page of its public articles. */
export interface TagPageData {
  tag: Pick<Tables<'tags'>, 'id' | 'kind' | 'name' | 'slug' | 'description' | 'picture_url'>;
  /** One page of its public articles, newest first (CATEGORY_PAGE_SIZE a page). */
  articles: ArticleCard[];
  page: number;
  hasMore: boolean;
}

/** The « Pays » index: every visible country, by region then name. */
export interface CountriesData {
  countries: Pick<Tables<'tags'>, 'name' | 'slug' | 'region'>[];
}

/** One of an article's pictures with what the newsroom says of it. */
export interface ArticleImageFacts {
  url: string;
  /** Alternative text; null for an image described by nobody yet (a draft's, or an older one). */
  alt: string | null;
  caption: string | null;
  credit: string | null;
}

export interface ArticlePageData {
  article: ArticleDetail;
  authorName: string;
  /** The author's page (/auteur/<slug>); null for the newsroom's own byline. */
  authorSlug?: string | null;
  /** The main image first, then the others in the newsroom's order. */
  images: ArticleImageFacts[];
  related: ArticleCard[];
  /** Its correction notes, oldest first (shown at the end of the article). */
  corrections: Correction[];
  /** "Les plus lus" without this article (readers' pages only: the preview has none). */
  mostRead?: ArticleCard[];
  /**
   * A live article's coverage (format `live`, api/live.ts): the page lists its entries; null when
   * that read failed (then `incomplete`). Absent for an article.
   */
  live?: LiveView | null;
  /** Set when the byline, images, related list, corrections, "Les plus lus" or the live coverage failed to load (the article itself is there). */
  incomplete?: true;
}

/** The home page: home_page's result and "Les plus lus" (incomplete when that list failed to load). */
export interface HomePageData extends HomeData {
  /** None in data an older server rendered. */
  mostRead?: ArticleCard[];
  /** The live coverages not closed (their cards are marked « En direct »); none in data an older server rendered. */
  live?: LiveFrontItem[];
  /** The country or topic « La une » pinned as a strip, with its newest articles; null when none (or hidden). */
  topic?: TopicStrip | null;
  incomplete?: true;
}

/** The front page's topic strip (« Élections au Sénégal »): the tag's page and its newest titles. */
export interface TopicStrip {
  id: string;
  kind: string;
  name: string;
  slug: string;
  articles: { id: string; slug: string; title: string }[];
}

/** A correction as /corrections lists it: with the article's current address and title. */
export interface CorrectionListItem extends Correction {
  article: Pick<ArticleRow, 'slug' | 'title'>;
}

/** The preview of an article by id, for the newsroom: the article page's data and where it stands. */
export interface PreviewData extends ArticlePageData {
  /** 'public' once readers see it (published, or scheduled and its moment come); 'review': waiting for an administrator. */
  state: 'draft' | 'review' | 'scheduled' | 'public';
}

export interface CategoryPageData {
  category: Category;
  /** One page of its public articles, newest first. */
  articles: ArticleCard[];
  /** Which page (1 for /category/<slug>, n for ?page=n). */
  page: number;
  /** Older articles follow on page + 1. */
  hasMore: boolean;
}

/** A byline's author as readers see them (the bylines view): one with a name and an address. */
export type Author = NonNullColumns<Pick<Tables<'bylines'>, 'full_name' | 'slug' | 'bio'>, 'full_name' | 'slug'>;

/** An author's page: who they are and their public articles, newest first. */
export interface AuthorPageData {
  author: Author;
  /** One page of their public articles, newest first (CATEGORY_PAGE_SIZE a page). */
  articles: ArticleCard[];
  /** Which page (1 for /auteur/<slug>, n for ?page=n). */
  page: number;
  /** Older articles follow on page + 1. */
  hasMore: boolean;
}

/** A query failed: pages show the spec's message; developers get the cause in the console. */
export class LoadError extends Error {
  constructor(
    readonly userMessage: string,
    readonly cause?: unknown,
  ) {
    super(userMessage);
  }
}
