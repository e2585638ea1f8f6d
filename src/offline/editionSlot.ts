/** Marks where the home page's "Télécharger l'édition du jour" goes (EditionSlot, and the lite page's script). */
export const EDITION_SLOT_ATTRIBUTE = 'data-edition-slot';
