import type { PostgrestClient } from '@supabase/postgrest-js';
import { onlyPublic } from '@/lib/articleVisibility';
import { must } from '@/lib/claimQueue';
import type { Database } from '@/lib/database';
import { articlesSince, type SenderDb } from '@/newsletter/sender';
import { newsroomDay } from './day';
import { CHANNELS } from './shortLinks';
import { essentialItem, essentialText, ITEMS_MAX, type EssentialItem } from './text';

/** Where the edition is read from: the server's anon reader (the page) or the service role (the sender). */
type Db = PostgrestClient<Database>;

/** The edition's two texts: WhatsApp's (ed-wa) and Telegram's caption (ed-tg), before HTML. */
export interface EssentialTexts {
  text: string;
  caption: string;
}

export const essentialTexts = (items: EssentialItem[], origin: string, day: string): EssentialTexts | null => {
  const text = essentialText(items, { origin, day, channel: CHANNELS.whatsapp });
  const caption = essentialText(items, { origin, day, channel: CHANNELS.telegram });
  return text && caption ? { text, caption } : null;
};

/**
 * An edition's stories as they read now: its articles still public, in its order, with their
 * current titles (a correction shows). Under anon, RLS alone hides the others; under the service
 * role the visibility filter does.
 */
export async function currentItems(db: Db, articleIds: string[]): Promise<(EssentialItem & { slug: string })[]> {
  if (!articleIds.length) return [];
  const rows = must(
    'edition articles',
    await onlyPublic(db.from('articles').select('id, slug, title, excerpt, content, key_points').in('id', articleIds)),
  );
  const byId = new Map(rows.map((row) => [row.id, { ...essentialItem(row), slug: row.slug }]));
  return articleIds.flatMap((id) => byId.get(id) ?? []);
}

export type MakeResult = { day: string; made: boolean; reason?: 'no-articles' | 'day-taken' };

/**
 * Makes the day's edition (the newsroom's day at `now`): La Matinale's selection of the last 24
 * hours (the front page's order first, then the newest), its first five, stored once whichever
 * instance gets there first, the Telegram post queued with it when a bot is set.
 */
export async function makeEdition(
  db: SenderDb,
  options: { origin: string; timeZone: string; now?: Date; telegram: boolean },
): Promise<MakeResult> {
  const now = options.now ?? new Date();
  const day = newsroomDay(now, options.timeZone);
  const articles = (await articlesSince(db, new Date(now.getTime() - 24 * 3600_000), now)).slice(0, ITEMS_MAX);
  const texts = essentialTexts(articles.map(essentialItem), options.origin, day);
  if (!texts) return { day, made: false, reason: 'no-articles' };
  const made = must(
    'edition_start',
    await db.rpc('edition_start', {
      p_day: day,
      p_articles: articles.map((a) => a.id),
      p_text: texts.text,
      p_caption: texts.caption,
      p_telegram: options.telegram,
    }),
  );
  return made ? { day, made: true } : { day, made: false, reason: 'day-taken' };
}
