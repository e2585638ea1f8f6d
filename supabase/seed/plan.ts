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

/**
 * The gallery pictures' captions, in order: shown under each slide, so the reader and the editor
 * have captioned images to show (the other seed images have none, which is just as common).
 */
export const GALLERY_CAPTIONS: Record<(typeof GALLERY_ARTICLE_SLUGS)[number], readonly [string, string, string]> = {
  'dakar-le-train-express-regional-relie-enfin-l-aeroport': [
    "La première rame arrive sous la verrière de la gare de l'aéroport Blaise-Diagne.",
    'Aux heures de pointe, un train part toutes les dix minutes.',
    'Le prolongement depuis Diamniadio compte trois nouvelles gares.',
  ],
  'le-maroc-mise-sur-l-hydrogene-vert': [
    "Le site de la future usine d'ammoniac vert, dans le sud du pays.",
    "Les parcs solaires et éoliens fourniront l'électricité de l'électrolyse.",
    "L'ammoniac partira vers l'Europe depuis un port de la côte atlantique.",
  ],
  'nollywood-se-reinvente-a-l-heure-du-streaming': [
    'Tournage dans un studio de Lagos.',
    'Les plateformes exigent des scénarios plus soignés.',
    'Une avant-première dans un cinéma de Victoria Island.',
  ],
  'a-kigali-une-start-up-livre-du-sang-par-drone-aux-hopitaux-ruraux': [
    "Un drone d'Inkingi Air au décollage, près de Kigali.",
    'Les poches de sang sont larguées en parachute au-dessus des hôpitaux.',
    "Les deux fondatrices dans l'atelier de maintenance.",
  ],
  'lutte-senegalaise-l-arene-nationale-a-guichets-fermes': [
    "L'arène nationale, pleine bien avant le premier combat.",
    "Les rites des marabouts avant l'entrée des lutteurs.",
    'Le combat de la soirée, suivi par des millions de téléspectateurs.',
  ],
  'can-feminine-les-lionnes-de-l-atlas-affutent-leurs-armes': [
    "Séance d'entraînement au centre de formation de Salé.",
    'Les exercices de passes sous le regard du staff technique.',
    'Les supportrices préparent déjà le voyage.',
  ],
  'a-goma-les-ecoles-rouvrent-malgre-l-afflux-de-deplaces': [
    "La cour de l'école primaire de Katindo, le jour de la rentrée.",
    'Trois élèves par banc dans une classe surchargée.',
    'Des tentes servent de salles de classe supplémentaires.',
  ],
};

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

/** The caption of an article's n-th seed image (from 1), or null: only gallery images have one. */
export function captionFor(slug: string, n: number): string | null {
  return gallery.has(slug) ? (GALLERY_CAPTIONS[slug as keyof typeof GALLERY_CAPTIONS][n - 1] ?? null) : null;
}
