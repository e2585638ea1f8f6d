import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.ts';
import { slugBase } from '../../src/lib/slug.ts';
import type { ImportReport } from './report.ts';
import type { WxrAuthor, WxrCategory, WxrItem } from './wxr.ts';

export type Db = SupabaseClient<Database>;

/** Where a byline made for a WordPress author lives: an address that can never receive mail, so never a sign-in. */
export const BYLINE_DOMAIN = 'bylines.invalid';
export const bylineEmail = (login: string) => `wp-${slugBase(login) || 'auteur'}@${BYLINE_DOMAIN}`;

const fail = (what: string, error: { message: string }) => new Error(`${what}: ${error.message}`);

/** Every row of a read, a thousand at a time (the API's page size on hosted). */
export async function everyRow<T>(
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
  what: string,
): Promise<T[]> {
  const PAGE = 1000;
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1);
    if (error) throw fail(`reading ${what}`, error);
    rows.push(...(data ?? []));
    if ((data ?? []).length < PAGE) return rows;
  }
}

/**
 * WordPress categories to ours, by slug (docs/wordpress-import.md#categories): the mapping file's
 * word first, else the same slug; an unknown one goes to the default category the command names,
 * or is created with --create-categories. Reported once per WordPress category.
 */
export class Categories {
  private constructor(
    private readonly db: Db,
    private readonly ours: Map<string, string>,
    private readonly options: { mapping: Record<string, string>; defaultSlug: string; create: boolean; dryRun: boolean },
    private readonly names: Map<string, string>,
    private readonly report: ImportReport,
  ) {}

  static async load(db: Db, wp: WxrCategory[], options: Categories['options'], report: ImportReport): Promise<Categories> {
    const { data, error } = await db.from('categories').select('id, slug');
    if (error) throw fail('reading the categories', error);
    const ours = new Map(data.map((c) => [c.slug, c.id]));
    if (!ours.has(options.defaultSlug))
      throw new Error(
        `The default category "${options.defaultSlug}" does not exist: name one of ${[...ours.keys()].join(', ')} with --default-category.`,
      );
    return new Categories(db, ours, options, new Map(wp.map((c) => [c.nicename, c.name])), report);
  }

  /** Our category for a post: its first WordPress category we know, else the first one mapped by the rule. */
  async idFor(item: WxrItem): Promise<string> {
    const wp = item.categories.filter((c) => c.domain === 'category');
    const target = (nicename: string) => this.options.mapping[nicename] ?? slugBase(decodeURIComponentSafe(nicename));
    const known = wp.find((c) => this.ours.has(target(c.nicename)));
    if (known) return this.ours.get(target(known.nicename))!;
    const first = wp[0];
    if (!first) return this.ours.get(this.options.defaultSlug)!;
    const slug = target(first.nicename);
    const name = first.name || this.names.get(first.nicename) || first.nicename;
    if (this.options.create && slug) return this.create(slug, name);
    this.report.warnOnce(
      `category:${first.nicename}`,
      `Rubrique WordPress « ${name} » (${first.nicename}) inconnue : ses articles vont dans « ${this.options.defaultSlug} »`,
    );
    return this.ours.get(this.options.defaultSlug)!;
  }

  private async create(slug: string, name: string): Promise<string> {
    this.report.counts.categoriesCreated++;
    this.report.warn(`Rubrique « ${name} » (${slug}) créée`);
    let id = `dry-run:${slug}`;
    if (!this.options.dryRun) {
      const { data, error } = await this.db
        .from('categories')
        .insert({ name: name.slice(0, 80), slug })
        .select('id')
        .single();
      if (error) throw fail(`creating the category ${slug}`, error);
      id = data.id;
    }
    this.ours.set(slug, id);
    return id;
  }
}

/** A WordPress nicename decoded (they are URL-encoded), or as it is when it does not decode. */
export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * WordPress authors to bylines: the newsroom member with the author's e-mail, else a byline made
 * for them (an account with no password on an address that receives no mail: it signs nothing
 * in, it only names the articles). Found again by that address on every later run.
 */
export class Authors {
  private readonly byLogin = new Map<string, string | null>();

  private constructor(
    private readonly db: Db,
    private readonly accounts: Map<string, { userId: string; newsroom: boolean }>,
    private readonly wp: Map<string, WxrAuthor>,
    private readonly dryRun: boolean,
    private readonly report: ImportReport,
  ) {}

  static async load(db: Db, wp: WxrAuthor[], dryRun: boolean, report: ImportReport): Promise<Authors> {
    const accounts = new Map<string, { userId: string; newsroom: boolean }>();
    const rows = await everyRow(
      (from, to) => db.from('accounts').select('user_id, email, roles').order('user_id').range(from, to),
      'the accounts',
    );
    for (const a of rows)
      if (a.email && a.user_id)
        accounts.set(a.email.toLowerCase(), {
          userId: a.user_id,
          newsroom: (a.roles ?? []).some((r) => r === 'admin' || r === 'journalist'),
        });
    return new Authors(db, accounts, new Map(wp.map((a) => [a.login, a])), dryRun, report);
  }

  /** The byline's user id for a post's author (null in a dry run for a byline not made yet). */
  async idFor(login: string): Promise<string | null> {
    if (this.byLogin.has(login)) return this.byLogin.get(login)!;
    const author = this.wp.get(login) ?? { login, email: '', displayName: login };
    const member = author.email ? this.accounts.get(author.email.toLowerCase()) : undefined;
    const id = member?.newsroom ? member.userId : await this.byline(author);
    this.byLogin.set(login, id);
    return id;
  }

  private async byline(author: WxrAuthor): Promise<string | null> {
    const email = bylineEmail(author.login);
    const existing = this.accounts.get(email);
    if (existing) return existing.userId;
    const name = (author.displayName || author.login).slice(0, 120);
    this.report.counts.bylinesCreated++;
    this.report.warn(
      `Auteur « ${name} »${author.email ? ` (${author.email})` : ''} hors de la rédaction : signature créée, sans compte de connexion`,
    );
    if (this.dryRun) return null;
    const { data, error } = await this.db.auth.admin.createUser({ email, email_confirm: false, user_metadata: { full_name: name } });
    if (error) throw fail(`creating the byline of ${author.login}`, error);
    this.accounts.set(email, { userId: data.user.id, newsroom: false });
    return data.user.id;
  }
}
