import type { Tables } from '@/lib/database';

/** A reader's message as the back office reads it (contact_messages). */
export type ContactMessage = Tables<'contact_messages'>;
