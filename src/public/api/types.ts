import type { Correction } from '@/lib/corrections';

/** What the reader shows of an article in lists and carousels (home_page / search_articles cards). */
export interface ArticleCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  image_url: string | null;
  published_at: string | null;
  category: { name: string; slug: string } | null;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
}

export interface HomeSection {
  category: Category;
  articles: ArticleCard[];
}

export interface HomeData {
  featured: ArticleCard | null;
  sections: HomeSection[];
}

export interface ArticleDetail extends ArticleCard {
  content: string;
  author_id: string | null;
  category_id: string | null;
  updated_at: string;
  /**
   * Set only by the site's server on the data it renders and hands to the browser: `content` is
   * HTML already through the sanitizer. Data the browser fetches itself never has it.
   */
  sanitized?: true;
}

export interface ArticlePageData {
  article: ArticleDetail;
  authorName: string;
  images: string[];
  related: ArticleCard[];
  /** Its correction notes, oldest first (shown at the end of the article). */
  corrections: Correction[];
  /** Set when the byline, images, related list or corrections failed to load (the article itself is there). */
  incomplete?: true;
}

/** A correction as /corrections lists it: with the article's current address and title. */
export interface CorrectionListItem extends Correction {
  article: { slug: string; title: string };
}

/** The preview of an article by id, for administrators: the article page's data and where it stands. */
export interface PreviewData extends ArticlePageData {
  /** 'public' once readers see it (published, or scheduled and its moment come). */
  state: 'draft' | 'scheduled' | 'public';
}

export interface CategoryPageData {
  category: Category;
  articles: ArticleCard[];
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
