/** The card columns, with the category embedded, as PostgREST selects them. */
export const CARD_COLUMNS = 'id, slug, title, excerpt, image_url, published_at, category:categories(name, slug)';
