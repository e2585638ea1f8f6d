/** The card columns, with the main image's alternative text and the category embedded, as PostgREST selects them. */
export const CARD_COLUMNS = 'id, slug, title, excerpt, image_url, image_alt, published_at, category:categories(name, slug)';
