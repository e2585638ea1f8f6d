import type { NewsroomRole } from '@/lib/roles';
import type { ArticleStatus } from './types';

/** The toast after a save: a title, and a line saying what happens next when the workflow moved. */
export interface SaveMessage {
  title: string;
  description?: string;
}

/** Who reads an article sent for review: the journalist is told where it went, not only that it saved. */
export const REVIEWERS = 'Les administrateurs de la rédaction le reliront, puis le publieront ou vous le renverront avec leurs remarques.';

/**
 * What a save did to an article's place in the workflow, in the newsroom's words
 * (docs/product.md#back-office-messages): sent for review, approved (published or scheduled), sent
 * back to its journalist (by an administrator; a journalist taking theirs back has it as a draft
 * again); any other save is an update. `before` is undefined for a new article.
 */
export function saveMessage(before: ArticleStatus | undefined, after: ArticleStatus, role?: NewsroomRole): SaveMessage {
  // The spec's toast for a new article stays its title.
  if (before === undefined)
    return { title: 'Article créé avec succès', description: after === 'review' ? `Envoyé en relecture. ${REVIEWERS}` : undefined };
  if (after === 'review' && before !== 'review') return { title: 'Envoyé en relecture', description: REVIEWERS };
  if (before === 'review' && after === 'published')
    return { title: 'Article approuvé et publié', description: 'Il est visible des lecteurs.' };
  if (before === 'review' && after === 'scheduled')
    return { title: 'Article approuvé et programmé', description: "Il sera visible des lecteurs à l'heure prévue." };
  if (before === 'review' && after === 'draft' && role !== 'admin')
    return { title: 'Article repris en brouillon', description: "Il n'attend plus de relecture." };
  if (before === 'review' && after === 'draft')
    return { title: 'Article renvoyé au journaliste', description: 'Il redevient un brouillon, modifiable par son auteur.' };
  return { title: 'Article mis à jour avec succès' };
}
