/**
 * The card columns, with the main image's alternative text, the word count, the category embedded
 * and a fact-check's verdict (shown when the format is « Vrai ou faux »), as PostgREST selects them.
 */
export const CARD_COLUMNS =
  'id, slug, title, excerpt, image_url, image_alt, word_count, published_at, format, verdict:fact_check->>verdict, category:categories(name, slug)';
