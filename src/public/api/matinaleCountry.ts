import type { DataClient } from '@/lib/supabase';

/** What « Ma Matinale » says on the subscriber's page (docs/product.md#newsletter-form). */
export const MATINALE_COUNTRY_MESSAGES = {
  saved: 'Votre choix est enregistré : il vaudra dès la prochaine édition.',
  none: 'Plus de pays en tête : vous recevrez La Matinale commune.',
  refused: "Ce pays n'est pas proposé. Choisissez-en un dans la liste.",
  unknown: "Ce lien n'est pas valide : il est peut-être incomplet. Copiez le lien entier depuis l'e-mail reçu.",
  failed: "Votre choix n'a pas pu être enregistré. Réessayez dans un instant.",
} as const;

export interface MatinalePreferences {
  /** The subscription's state ('confirmed', 'unsubscribed'…). */
  status: string;
  /** Its country's slug, '' for none. */
  country: string;
  /** Every visible country, by French name: the choices. */
  countries: { slug: string; name: string }[];
}

/** The subscription the link's token names, with the countries to choose from; null for a token nobody holds. */
export async function loadMatinalePreferences(db: DataClient, token: string): Promise<MatinalePreferences | null> {
  const [prefs, countries] = await Promise.all([
    db.rpc('newsletter_preferences', { p_token: token }),
    db.from('tags').select('slug, name').eq('kind', 'pays').eq('hidden', false).order('name'),
  ]);
  if (prefs.error?.code === 'P0002') return null;
  if (prefs.error || countries.error) throw new Error(`« Ma Matinale » could not load: ${(prefs.error ?? countries.error)!.message}`);
  const row = prefs.data[0];
  return row ? { status: row.status, country: row.country ?? '', countries: countries.data } : null;
}

/** Saves the country ('' for none) and answers what the page says. */
export async function saveMatinaleCountry(db: DataClient, token: string, slug: string): Promise<{ ok: boolean; message: string }> {
  const { error } = await db.rpc('set_newsletter_country', { p_token: token, p_country: slug });
  if (!error) return { ok: true, message: slug ? MATINALE_COUNTRY_MESSAGES.saved : MATINALE_COUNTRY_MESSAGES.none };
  if (error.code === '22023') return { ok: false, message: MATINALE_COUNTRY_MESSAGES.refused };
  if (error.code === 'P0002') return { ok: false, message: MATINALE_COUNTRY_MESSAGES.unknown };
  console.error('set_newsletter_country', error);
  return { ok: false, message: MATINALE_COUNTRY_MESSAGES.failed };
}
