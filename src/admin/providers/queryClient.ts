import { QueryClient } from '@tanstack/react-query';
import { isTransientError } from './frenchErrors';

/** Tries of one read in all, when its failures are transient. */
export const QUERY_ATTEMPTS = 3;

/**
 * react-query's retry rule for the back office's reads: again only when another try may succeed
 * (network, timeout, 5xx, 429). react-query's default retries every failure three times, so a
 * refused read (a permission, a missing row) kept the screen waiting seven seconds for the same
 * answer.
 */
export const retryTransient = (failureCount: number, error: unknown) => failureCount < QUERY_ATTEMPTS - 1 && isTransientError(error);

/**
 * The back office's query client. Writes are never retried (react-query's default, kept on
 * purpose): a create whose answer was lost may have happened. Writes go even when the browser says
 * it is offline (networkMode 'always'): react-query's default paused them unseen, « Enregistrement... »
 * spinning until the network returned; now they fail at once, or the article editor keeps them on
 * the phone (articleOutbox.ts) and says so.
 */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: retryTransient }, mutations: { retry: false, networkMode: 'always' } } });
