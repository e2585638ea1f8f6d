/**
 * The database's limits on what the newsroom types (its check constraints), each with its French
 * message, written once: the forms refuse with it before sending, and frenchErrors.ts answers the
 * constraint's refusal with the same sentence. Lengths are characters of the trimmed text, as
 * PostgreSQL's char_length counts them. limits.int.test.ts holds each bound against its
 * constraint; docs/product.md's table is written from this list (scripts/docs/productTables.ts).
 */

/** A count in French: groups of three digits apart (2 000, 200 000). */
export const frenchCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export interface Limit {
  /** The table and check constraint that hold the rule in the database. */
  table: string;
  constraint: string;
  /** The largest value the constraint accepts (characters, or items for a list). */
  max: number;
  /** What the rule is about, for the product's table. */
  what: string;
  /** The French sentence for a value over it. */
  message: string;
}

const limit = (table: string, constraint: string, what: string, max: number, message: (max: string) => string): Limit => ({
  table,
  constraint,
  what,
  max,
  message: message(frenchCount(max)),
});

export const LIMITS = {
  title: limit(
    'articles',
    'articles_title_check',
    'Article title',
    150,
    (n) => `Le titre ne peut pas dépasser ${n} caractères : raccourcissez-le.`,
  ),
  slug: limit(
    'articles',
    'articles_slug_check',
    'Article slug (lowercase letters without accents, digits, hyphens)',
    200,
    (n) => `Le slug ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (${n} caractères au plus).`,
  ),
  excerpt: limit(
    'articles',
    'articles_excerpt_check',
    'Article excerpt',
    1000,
    (n) => `L'extrait dépasse ${n} caractères : raccourcissez-le.`,
  ),
  content: limit(
    'articles',
    'articles_content_check',
    'Article content',
    200_000,
    (n) => `Le contenu dépasse ${n} caractères : découpez l'article en plusieurs.`,
  ),
  keyPoint: limit(
    'articles',
    'articles_key_points_length',
    'One « point clé » (one line)',
    140,
    (n) => `Un point clé ne peut pas dépasser ${n} caractères : raccourcissez-le.`,
  ),
  keyPoints: limit('articles', 'articles_key_points_count', '« Points clés » of an article', 3, (n) => `${n} points clés au plus.`),
  caption: limit(
    'article_images',
    'article_images_caption_check',
    'Image caption',
    300,
    (n) => `La légende dépasse ${n} caractères : raccourcissez-la.`,
  ),
  credit: limit(
    'article_images',
    'article_images_credit_check',
    'Image credit',
    120,
    (n) => `Le crédit dépasse ${n} caractères : raccourcissez-le.`,
  ),
  altText: limit(
    'article_images',
    'article_images_alt_text_check',
    'Image alternative text',
    250,
    (n) => `Le texte alternatif dépasse ${n} caractères : raccourcissez-le.`,
  ),
  correctionNote: limit(
    'article_corrections',
    'article_corrections_note_check',
    'Correction note (1 at least)',
    2000,
    (n) => `Le texte de la correction doit compter de 1 à ${n} caractères.`,
  ),
  fullName: limit('profiles', 'profiles_full_name_check', 'Profile name', 120, (n) => `Le nom dépasse ${n} caractères : raccourcissez-le.`),
  bio: limit('profiles', 'profiles_bio_check', 'Profile bio', 2000, (n) => `La bio dépasse ${n} caractères : raccourcissez-la.`),
} as const satisfies Record<string, Limit>;
