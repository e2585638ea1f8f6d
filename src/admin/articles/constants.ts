/** PostgREST columns each screen needs, and no more (ra-data-postgrest's meta.columns). */
export const LIST_COLUMNS = ['id', 'title', 'status', 'published_at', 'created_at'];
export const EDIT_COLUMNS = ['id', 'slug', 'title', 'excerpt', 'content', 'image_url', 'category_id', 'status', 'published_at', 'version'];
