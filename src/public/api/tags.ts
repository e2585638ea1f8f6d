import { tagPath } from '@/lib/readerPaths';
import type { DataClient } from '@/lib/supabase';
import { Redirect } from '../routing/redirect';
import { CARD_COLUMNS } from './cards';
import { CATEGORY_PAGE_SIZE, cardsOf } from './category';
import { LoadError, type ArticleCard, type CountriesData, type TagPageData } from './types';
import { newestPublicTagged } from './visibility';

/** Which address a tag's page has: /pays/… for a country, /sujet/… for the other kinds. */
export type TagSection = 'pays' | 'sujet';
const sectionOf = (kind: string): TagSection => (kind === 'pays' ? 'pays' : 'sujet');

const TAG_COLUMNS = 'id, kind, name, slug, description, picture_url';

/**
 * One page of a country's or a topic's public articles, newest first, paged as a category's (one
 * round trip for page 1: the tag with its newest article_tags rows and their articles, one more
 * than the page shows; a deeper page reads ids, then those cards). The rows are read in their
 * tag's date order (article_tags.public_at, indexed with the tag): at 100,000 articles a tag's
 * page costs what a category's does. A tag under the other section's address, or one merged into
 * another (tag_slugs), gives a Redirect to its page (the query, its ?page=, is kept:
 * redirectTarget); null when no visible tag has or had the slug.
 */
export async function fetchTag(sb: DataClient, section: TagSection, slug: string, page = 1): Promise<TagPageData | Redirect | null> {
  const from = (page - 1) * CATEGORY_PAGE_SIZE;
  const { data, error } = await newestPublicTagged(
    sb
      .from('tags')
      .select(`${TAG_COLUMNS}, article_tags(${page === 1 ? `article:articles(${CARD_COLUMNS})` : 'article_id'})`)
      .eq('slug', slug)
      // An administrator's session reads hidden tags too: readers never see them.
      .eq('hidden', false),
  )
    .range(from, from + CATEGORY_PAGE_SIZE, { referencedTable: 'article_tags' })
    .maybeSingle()
    .overrideTypes<TagPageData['tag'] & { article_tags: { article?: ArticleCard | null; article_id?: string }[] }, { merge: false }>();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  if (!data) return movedTag(sb, slug);
  const { article_tags: rows, ...tag } = data;
  if (sectionOf(tag.kind) !== section) return new Redirect(tagPath(tag.kind, tag.slug), tag.id);
  const shown = rows.slice(0, CATEGORY_PAGE_SIZE);
  const cards =
    page === 1
      ? shown.flatMap((r) => (r.article ? [r.article] : []))
      : await cardsOf(
          sb,
          shown.map((r) => r.article_id!),
        );
  return { tag, articles: cards, page, hasMore: rows.length > CATEGORY_PAGE_SIZE };
}

/** Where a merged tag's articles went: the tag its slug now names (tag_slugs), if readers see it. */
async function movedTag(sb: DataClient, slug: string): Promise<Redirect | null> {
  const { data, error } = await sb
    .from('tag_slugs')
    .select('tag:tags!inner(id, kind, slug)')
    .eq('slug', slug)
    .eq('tag.hidden', false)
    .maybeSingle()
    .overrideTypes<{ tag: { id: string; kind: string; slug: string } }, { merge: false }>();
  if (error) throw new LoadError('Erreur lors du chargement', error);
  return data ? new Redirect(tagPath(data.tag.kind, data.tag.slug), data.tag.id) : null;
}

/** The « Pays » index: every visible country with its region, by name (the page groups them). */
export async function fetchCountries(sb: DataClient): Promise<CountriesData> {
  const { data, error } = await sb.from('tags').select('name, slug, region').eq('kind', 'pays').eq('hidden', false).order('name');
  if (error) throw new LoadError('Erreur lors du chargement', error);
  return { countries: data };
}
