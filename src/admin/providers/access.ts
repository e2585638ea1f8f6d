import type { NewsroomRole } from '@/lib/roles';

/** The signed-in newsroom member, as the back office's permissions see them. */
export interface NewsroomMember {
  userId: string;
  role: NewsroomRole;
}

export interface AccessRequest {
  action: string;
  resource: string;
  record?: Record<string, unknown>;
}

/** The statuses in which a journalist's article is still theirs to change (private.can_edit_article). */
export const JOURNALIST_STATUSES: readonly string[] = ['draft', 'review'];

// What a journalist works with (their notices: « À traiter »); every other resource and screen (accounts, statistics, the front
// page, « Rubriques », any added later) is for administrators until it is listed here. The editor
// reads the categories it offers without a screen of its own.
const JOURNALIST_RESOURCES = new Set(['articles', 'dashboard', 'notices']);

/** Whether a journalist's own article may still be changed or deleted by them. */
export function isOwnUnpublished(record: Record<string, unknown>, userId: string): boolean {
  return record.author_id === userId && JOURNALIST_STATUSES.includes(String(record.status));
}

/**
 * react-admin's canAccess for the newsroom (docs/product.md#roles): administrators may do
 * everything; journalists write articles, and change or delete one only while it is their own
 * and not yet out. It mirrors the row-level security, which is what actually decides: the screens
 * only stop offering what the database would refuse.
 */
export function newsroomCanAccess(member: NewsroomMember | null, { action, resource, record }: AccessRequest): boolean {
  if (!member) return false;
  if (member.role === 'admin') return true;
  if (!JOURNALIST_RESOURCES.has(resource)) return false;
  if (resource !== 'articles') return action === 'list' || action === 'show';
  if (action === 'edit' || action === 'delete') return record ? isOwnUnpublished(record, member.userId) : true;
  return true;
}
