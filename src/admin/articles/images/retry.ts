import { RETRY_DELAY_MS, UPLOAD_ATTEMPTS } from './constants';

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface RetryOptions {
  attempts?: number;
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs `task` until it succeeds, at most `attempts` times, waiting delayMs × the attempt number
 * between tries (1 s, then 2 s): a phone on a weak network often succeeds the second time.
 * The last failure is what the caller sees.
 */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = UPLOAD_ATTEMPTS, delayMs = RETRY_DELAY_MS, sleep = wait } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(delayMs * attempt);
    }
  }
}
