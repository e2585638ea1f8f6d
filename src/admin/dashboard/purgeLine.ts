import type { PurgeStatus } from '@/lib/database';

/**
 * The dashboard's line about CDN purges (docs/deployment.md#purges), or null when all is well:
 * failing purges with the last error first, then purges late (waiting more than 30 s).
 */
export function purgeLine(
  status: (Pick<PurgeStatus, 'failing' | 'late'> & { last_error: string | null }) | null | undefined,
): string | null {
  if (!status) return null;
  if (status.failing > 0) return `Purges CDN en échec : ${status.failing} — dernière erreur : ${status.last_error ?? 'inconnue'}`;
  if (status.late > 0) return `Purges CDN en retard : ${status.late} (en attente depuis plus de 30 secondes)`;
  return null;
}
