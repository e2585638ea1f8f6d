import { liveDeltaPath, type LiveDelta } from '@/lib/live';

export interface DeltaAnswer {
  delta: LiveDelta;
  /** Bytes on the wire: the browser's transfer size (headers and compressed body), else the body's length. */
  bytes: number;
}

/** The answer did not come (network, 4xx/5xx, not JSON): the poller backs off. */
export class DeltaError extends Error {}

/**
 * What a response cost: the Resource Timing entry's transferSize where the browser gives it
 * (same origin: headers and compressed body; 0 when it came from the HTTP cache, which is free),
 * else the body's length in UTF-8 bytes.
 */
export function answerBytes(url: string, bodyLength: number, timings: Pick<Performance, 'getEntriesByName'> | undefined): number {
  const entries = (timings?.getEntriesByName(url, 'resource') ?? []) as PerformanceResourceTiming[];
  const last = entries[entries.length - 1];
  if (last && (last.transferSize > 0 || last.encodedBodySize > 0)) return last.transferSize;
  return bodyLength;
}

/** One check of the delta address with the last revision known. */
export async function fetchLiveDelta(slug: string, revision: number, signal?: AbortSignal): Promise<DeltaAnswer> {
  const url = new URL(liveDeltaPath(slug, revision), location.href).href;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new DeltaError(`Live update check failed: ${String(error)}`);
  }
  if (!response.ok) throw new DeltaError(`Live update check answered ${response.status}`);
  const text = await response.text();
  let delta: LiveDelta;
  try {
    delta = JSON.parse(text) as LiveDelta;
  } catch {
    throw new DeltaError('Live update check answered something other than JSON');
  }
  if (!delta?.coverage || !Array.isArray(delta.entries)) throw new DeltaError('Live update check answered an unexpected shape');
  // The timing entry is recorded once the body has been read.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { delta, bytes: answerBytes(url, new TextEncoder().encode(text).length, globalThis.performance) };
}
