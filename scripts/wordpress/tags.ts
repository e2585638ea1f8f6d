import { tagKey } from '../../src/lib/searchPattern.ts';
import { slugBase } from '../../src/lib/slug.ts';
import { decodeURIComponentSafe, everyRow, type Db } from './newsroom.ts';
import type { ImportReport } from './report.ts';
import type { WxrItem } from './wxr.ts';

/** An article carries at most this many tags (private.article_tags_max()): the rest of a post's are reported. */
export const TAGS_MAX = 8;

/**
 * WordPress tags (`post_tag`) to ours (docs/wordpress-import.md#tags): a tag whose name matches an
 * existing one, accents, case and punctuation aside, is that one (« Senegal » is the country
 * « Sénégal »; a country first when names clash); any other is made as a « Thème », its slug the
 * WordPress one (numbered when taken). Counted in the report; found again on every later run.
 */
export class Tags {
  private readonly matched = new Set<string>();

  private constructor(
    private readonly db: Db,
    private readonly byKey: Map<string, string>,
    private readonly slugs: Set<string>,
    private readonly dryRun: boolean,
    private readonly report: ImportReport,
  ) {}

  static async load(db: Db, dryRun: boolean, report: ImportReport): Promise<Tags> {
    const rows = await everyRow((from, to) => db.from('tags').select('id, kind, slug, name_key').order('id').range(from, to), 'the tags');
    const byKey = new Map<string, string>();
    for (const t of [...rows].sort((a, b) => Number(b.kind === 'pays') - Number(a.kind === 'pays')))
      if (!byKey.has(t.name_key)) byKey.set(t.name_key, t.id);
    return new Tags(db, byKey, new Set(rows.map((t) => t.slug)), dryRun, report);
  }

  /** Our tags for a post's WordPress tags, in its order, at most TAGS_MAX. */
  async idsFor(item: WxrItem): Promise<string[]> {
    const ids: string[] = [];
    for (const wp of item.categories.filter((c) => c.domain === 'post_tag')) {
      const name = (wp.name || wp.nicename).trim().slice(0, 80);
      const key = tagKey(name);
      if (!key) continue;
      let id = this.byKey.get(key);
      if (id && !this.matched.has(key) && !id.startsWith('dry-run:')) {
        this.matched.add(key);
        this.report.counts.tagsMatched++;
      }
      id ??= await this.create(key, name, wp.nicename);
      if (!ids.includes(id)) ids.push(id);
    }
    if (ids.length > TAGS_MAX) this.report.warn(`${ids.length - TAGS_MAX} étiquette(s) au-delà de ${TAGS_MAX} non reprise(s)`, item);
    return ids.slice(0, TAGS_MAX);
  }

  private async create(key: string, name: string, nicename: string): Promise<string> {
    const base = slugBase(decodeURIComponentSafe(nicename)).slice(0, 70) || slugBase(name).slice(0, 70) || 'sujet';
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${base}-${n}`;
    this.slugs.add(slug);
    this.report.counts.tagsCreated++;
    let id = `dry-run:${slug}`;
    if (!this.dryRun) {
      const { data, error } = await this.db.from('tags').insert({ kind: 'theme', name, slug }).select('id').single();
      if (error) throw new Error(`creating the tag ${slug}: ${error.message}`);
      id = data.id;
    }
    this.byKey.set(key, id);
    return id;
  }
}
