import type { Tables } from '@/lib/database';
import type { TagKind } from '@/lib/readerPaths';

/** A tag as « Étiquettes » reads it, with how many articles carry it (PostgREST's embedded count). */
export type Tag = Tables<'tags'> & { article_tags?: { count: number }[] };

/** The columns the list and the forms read (meta.columns). */
export const TAG_COLUMNS = [
  'id',
  'kind',
  'name',
  'slug',
  'iso_code',
  'region',
  'description',
  'picture_url',
  'hidden',
  'article_tags(count)',
];

/** The kinds as the newsroom reads them. */
export const TAG_KINDS: { id: TagKind; name: string }[] = [
  { id: 'pays', name: 'Pays' },
  { id: 'theme', name: 'Thème' },
  { id: 'personnalite', name: 'Personnalité' },
  { id: 'organisation', name: 'Organisation' },
];
export const kindName = (kind: string) => TAG_KINDS.find((k) => k.id === kind)?.name ?? kind;
/** A tag in a type-ahead's options: « Sénégal · Pays ». */
export const tagOptionText = (t: Pick<Tag, 'name' | 'kind'>) => `${t.name} · ${kindName(t.kind)}`;

/** What an administrator writes: the kind and slug only when the tag is made (its address). */
export const toTagWrite = ({ name, description, picture_url, hidden }: Partial<Tag>) => ({
  name: name?.trim(),
  description: description?.trim() || null,
  picture_url: picture_url?.trim() || null,
  hidden: hidden === true,
});

export const articleCount = (t: Tag) => t.article_tags?.[0]?.count ?? 0;
