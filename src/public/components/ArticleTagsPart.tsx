import type { ArticleTag } from '../api/types';
import { KeptPart } from '../page/KeptPart';
import { preloadable } from '../page/preloadable';

const articleTags = preloadable(() => import('./ArticleTags').then((m) => m.ArticleTags));

/** An article's countries and topics as links: kept as the server made them (plain links, KeptPart). */
export function ArticleTagsPart({ tags = [] }: { tags?: ArticleTag[] }) {
  // No part at all without tags, as ArticleTags renders nothing then.
  return tags.length ? <KeptPart chunk={articleTags} props={{ tags }} className="kept-part" /> : null;
}
