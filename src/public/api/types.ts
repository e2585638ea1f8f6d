import type { Correction } from '@/lib/corrections';

/** What the reader shows of an article in lists and carousels (home_page / search_articles cards). */
export interface ArticleCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  image_url: string | null;
  /** The main image's alternative text (the computed field articles.image_alt); null when it has none. */
  image_alt?: string | null;
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
  /** "À la une": the story pinned first, else the newest; never repeated in the sections. */
  featured: ArticleCard | null;
  /** "Les grands titres": the pinned top stories, in order (none when nothing is pinned). */
  top?: ArticleCard[];
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
  /** Set when the byline, images, related list or corrections failed to load (the article itself is there). */
  incomplete?: true;
}

/** A correction as /corrections lists it: with the article's current address and title. */
export interface CorrectionListItem extends Correction {
  article: { slug: string; title: string };
}

/** The preview of an article by id, for the newsroom: the article page's data and where it stands. */
export interface PreviewData extends ArticlePageData {
  /** 'public' once readers see it (published, or scheduled and its moment come); 'review': waiting for an administrator. */
  state: 'draft' | 'review' | 'scheduled' | 'public';
}

export interface CategoryPageData {
  category: Category;
  articles: ArticleCard[];
}

/** A byline's author as readers see them (the bylines view). */
export interface Author {
  full_name: string;
  slug: string;
  bio: string | null;
}

/** An author's page: who they are and their public articles, newest first. */
export interface AuthorPageData {
  author: Author;
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
