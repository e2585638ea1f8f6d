import { useSyncExternalStore } from 'react';
import { usePage } from '../page/PageContext';

const noSubscription = () => () => {};

/** The server's HTML left as it is: React does not write a hydrated element's innerHTML. */
export const SERVER_MARKUP = { __html: '' };

/**
 * Whether this render hydrates markup the server made, in the browser: a part whose code is heavy
 * (an article's body, a live coverage) may then keep the server's markup as it is
 * (`dangerouslySetInnerHTML={SERVER_MARKUP}` with `suppressHydrationWarning`) and load its code
 * later. False on the server and in any render after hydration.
 */
export function useHydratingServerMarkup(): boolean {
  const onServer = Boolean(usePage().sanitizeHtml);
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  return hydrating && !onServer;
}
