import { useEffect, useState } from 'react';
import { formatPublished } from '@/lib/dates';

/**
 * When an article came out: the long date in the server's HTML and while the browser hydrates it
 * (no "now" there, so no mismatch, and nothing stale in a cached page), then « il y a 2 h » for
 * the last 24 hours once hydrated, against the reader's clock. The instant is always in `datetime`.
 */
export function PublishedTime({ value }: { value: string | null | undefined }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const text = formatPublished(value, now);
  return text ? <time dateTime={value ?? undefined}>{text}</time> : null;
}
