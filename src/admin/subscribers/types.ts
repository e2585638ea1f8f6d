import type { Tables } from '@/lib/database';

/** A newsletter subscriber as the back office reads it (newsletter_subscribers). */
export type Subscriber = Tables<'newsletter_subscribers'>;
