import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/lib/database';
import { makeEdition } from '@/essentiel/edition';
import { essentielTick } from '@/essentiel/config';
import { frenchDay } from '@/essentiel/day';
import { CACHE } from '../headers';
import { send } from './answers';
import type { RouteHandler } from './site';

/** The back office's call: « Préparer l'édition maintenant » (src/admin/diffusion). */
export const ESSENTIEL_PREPARE_PATH = '/api/essentiel/preparer';

const json = (res: Parameters<RouteHandler>[1]['res'], status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', CACHE.never, JSON.stringify(body));

/**
 * Makes today's edition now, for an administrator (their bearer token: the Telegram queue is
 * read by administrators alone, so a token that reads it is one), then posts it on Telegram at
 * once when a bot is set. 503 when the server has no service role key.
 */
export const prepareEdition: RouteHandler = async (site, { req, res }) => {
  if (req.method !== 'POST') return json(res, 405, { error: 'POST attendu' });
  const essentiel = site.options.essentiel;
  if (!essentiel) return json(res, 503, { error: "L'essentiel du jour n'est pas configuré sur ce serveur (SUPABASE_SERVICE_ROLE_KEY)." });
  const jwt = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const { env } = site.options;
  const asUser =
    jwt &&
    new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
      headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${jwt}` },
    });
  const admin = asUser ? await asUser.rpc('diffusion_is_admin') : null;
  if (!admin || admin.error || admin.data !== true) return json(res, 403, { error: 'Réservé aux administrateurs.' });
  const made = await makeEdition(essentiel.db, { ...essentiel, telegram: Boolean(essentiel.telegram) });
  if (made.made) await essentielTick(essentiel);
  const message = made.made
    ? `L'essentiel du ${frenchDay(made.day)} est prêt.`
    : made.reason === 'day-taken'
      ? "L'édition du jour est déjà faite."
      : 'Aucun article publié depuis 24 heures : pas d’édition.';
  return json(res, made.made ? 201 : 200, { day: made.day, made: made.made, message });
};
