/** The card columns, with the main image's alternative text, the word count and the category embedded, as PostgREST selects them. */
export const CARD_COLUMNS = 'id, slug, title, excerpt, image_url, image_alt, word_count, published_at, category:categories(name, slug)';
