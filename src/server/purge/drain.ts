import { must } from '@/lib/claimQueue';
import type { SenderDb } from '@/newsletter/sender';
import { POLL_MS, PROOF_MS } from '../contentVersion';
import { PurgeError, type PurgeAdapter, type PurgeBatch } from './adapter';

/**
 * The consistency rule (docs/deployment.md#purges): every instance keeps pages proven current by a
 * read of the content version within PROOF_MS, reads it every POLL_MS. A purge sent before the
 * instances dropped their kept pages would let the edge fetch an old page again and keep it for
 * hours. So a row's first send waits until this instance has seen its version (its own kept pages
 * are gone), and its second goes once PROOF_MS + POLL_MS have passed since then: no instance can
 * still prove an older version.
 */
export const SECOND_SEND_AFTER_MS = PROOF_MS + POLL_MS;
/** Rows claimed at once (their keys go out together). */
const BATCH_ROWS = 50;
/** How long a claim is this sender's: longer than any batch of CDN calls takes. */
const LEASE_MS = 60_000;

/** The version number of a content_version() token (`42@2026-…`), 0 when none is proven. */
export const versionNumber = (token: string | null): number => (token ? Number(token.split('@')[0]) || 0 : 0);

export interface DrainOptions {
  db: SenderDb;
  /** null: no CDN configured, rows are marked done so the queue never grows. */
  adapter: PurgeAdapter | null;
  /** The content version this instance has proven (ContentVersion.current()). */
  seenVersion: () => string | null;
  secondAfterMs?: number;
  log?: (message: string) => void;
}

export interface DrainReport {
  sent: number;
  failed: number;
}

/** Claims and sends the rows due until none is left; a failed batch is recorded, never thrown. */
export async function drainPurges({
  db,
  adapter,
  seenVersion,
  secondAfterMs = SECOND_SEND_AFTER_MS,
  log = console.error,
}: DrainOptions): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, failed: 0 };
  const seen = versionNumber(seenVersion());
  if (!seen) return report;
  for (;;) {
    const rows = must(
      'purge_claim',
      await db.rpc('purge_claim', { p_seen_version: seen, p_second_after_ms: secondAfterMs, p_limit: BATCH_ROWS, p_lease_ms: LEASE_MS }),
    );
    if (!rows.length) return report;
    const ids = rows.map((r) => r.id);
    const batch: PurgeBatch = { keys: [...new Set(rows.flatMap((r) => r.keys))].sort(), slugs: {} };
    for (const row of rows) {
      for (const [key, slugs] of Object.entries((row.slugs ?? {}) as Record<string, string[]>)) {
        batch.slugs[key] = [...new Set([...(batch.slugs[key] ?? []), ...slugs])];
      }
    }
    try {
      await adapter?.purge(batch);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`Purge CDN en échec (${adapter?.name}), nouvel essai plus tard : ${message} [${batch.keys.join(' ')}]`);
      const retryAfter = error instanceof PurgeError ? error.retryAfterMs : 0;
      must('purge_failed', await db.rpc('purge_failed', { p_ids: ids, p_error: message, p_retry_after_ms: Math.round(retryAfter) }));
      report.failed += rows.length;
      // The rest waits for its own back-off: the CDN is failing.
      return report;
    }
    must('purge_sent', await db.rpc('purge_sent', { p_ids: ids }));
    report.sent += rows.length;
  }
}
