import { LIMITS } from '../limits';

/** PostgREST columns each screen needs, and no more (ra-data-postgrest's meta.columns). */
export const LIST_COLUMNS = ['id', 'title', 'status', 'published_at', 'created_at', 'author_id', 'sent_back_at', 'latest_note'];
export const EDIT_COLUMNS = [
  'id',
  'slug',
  'title',
  'excerpt',
  'content',
  'image_url',
  'category_id',
  'status',
  'published_at',
  'version',
  'editor_mode',
  'author_id',
  'key_points',
  'format',
  // « Vrai ou faux »: the check and who verified it (docs/product.md#vrai-ou-faux).
  'fact_check',
  'checked_by',
  // Whether readers have seen it: its slug then no longer follows its title (docs/product.md#slugs).
  'has_been_public',
  // « Renvoyé avec remarques », and the note of the last status change (docs/product.md#review).
  'sent_back_at',
  'latest_note',
];
/** A headline's longest length, in characters once trimmed: the database's articles_title_check (src/admin/limits.ts). */
export const TITLE_MAX_LENGTH = LIMITS.title.max;
