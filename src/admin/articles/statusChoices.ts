import type { NewsroomRole } from '@/lib/roles';
import { JOURNALIST_STATUSES } from '../providers/access';
import type { ArticleStatus } from './types';

/** Each status's name in the back office. */
export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Brouillon',
  review: 'À relire',
  scheduled: 'Programmé',
  published: 'Publié',
};

/** The list filter's statuses, in the order a story goes through them. */
export const STATUS_CHOICES = (['draft', 'review', 'scheduled', 'published'] as const).map((id) => ({ id, name: STATUS_LABELS[id] }));

// A journalist keeps a draft or sends it to the administrators, who publish (docs/product.md#roles):
// the database refuses them any other status, so the form offers no other. « À relire » is named
// as the action it is for them.
const JOURNALIST_CHOICES = STATUS_CHOICES.filter((choice) => JOURNALIST_STATUSES.includes(choice.id)).map((choice) =>
  choice.id === 'review' ? { ...choice, name: 'À relire (soumettre)' } : choice,
);

/** The editor's statuses for the signed-in role; a role not known yet gets the journalist's, the narrower. */
export function statusChoicesFor(role: NewsroomRole | null | undefined): { id: string; name: string }[] {
  return role === 'admin' ? STATUS_CHOICES : JOURNALIST_CHOICES;
}
