import { isTransientError } from '../../providers/frenchErrors';
import { RETRY_DELAY_MS, UPLOAD_ATTEMPTS } from './constants';

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Whether another try may succeed: by default only after a transient failure (network, timeout, 5xx, 429). */
  shouldRetry?: (error: unknown) => boolean;
}

/**
 * Runs `task` until it succeeds, at most `attempts` times, waiting delayMs × the attempt number
 * between tries (1 s, then 2 s): a phone on a weak network often succeeds the second time.
 * A refusal (a file type, a size, a permission) would be refused again: it is not retried. The
 * last failure is what the caller sees.
 */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = UPLOAD_ATTEMPTS, delayMs = RETRY_DELAY_MS, sleep = wait, shouldRetry = isTransientError } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || !shouldRetry(error)) throw error;
      await sleep(delayMs * attempt);
    }
  }
}
