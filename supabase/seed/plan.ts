/**
 * Which seeded articles get how many images. Named by slug (the slugs of supabase/seed.sql), so
 * tests can pick an article with a carousel or one that shows the reader's fallback image.
 */

/** Three images each, so the article page's carousel has slides to turn. */
export const GALLERY_ARTICLE_SLUGS = [
  'dakar-le-train-express-regional-relie-enfin-l-aeroport',
  'le-maroc-mise-sur-l-hydrogene-vert',
  'nollywood-se-reinvente-a-l-heure-du-streaming',
  'a-kigali-une-start-up-livre-du-sang-par-drone-aux-hopitaux-ruraux',
  'lutte-senegalaise-l-arene-nationale-a-guichets-fermes',
  'can-feminine-les-lionnes-de-l-atlas-affutent-leurs-armes',
  'a-goma-les-ecoles-rouvrent-malgre-l-afflux-de-deplaces',
] as const;

/** Published but deliberately without any image: the reader must fall back to the hero image. */
export const IMAGELESS_ARTICLE_SLUGS = [
  'a-bamako-les-manuscrits-anciens-entrent-dans-l-ere-numerique',
  'tribune-les-langues-africaines-ont-leur-place-a-l-ecole',
] as const;

const gallery = new Set<string>(GALLERY_ARTICLE_SLUGS);
const imageless = new Set<string>(IMAGELESS_ARTICLE_SLUGS);

/** 3 for a gallery, 0 for the fallback cases, 1 for every other article (drafts and new ones too). */
export function imageCountFor(slug: string): number {
  if (imageless.has(slug)) return 0;
  return gallery.has(slug) ? 3 : 1;
}
