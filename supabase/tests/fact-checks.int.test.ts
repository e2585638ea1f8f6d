import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, clientFrom, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, signIn, signInColleague, uid, withFixtures, type Session } from './helpers.ts';

// « Vrai ou faux »: the fact-check's fields and its « Vérifié par », held by the database whoever
// the client, through the real API under each role.

const ctx = withFixtures();
const svc = serviceClient();
let journalist: Session & { userId: string };
let colleague: Session & { userId: string };
const made: string[] = [];

beforeAll(async () => {
  [journalist, colleague] = await Promise.all([signIn('journalist'), signInColleague()]);
});
afterAll(async () => {
  await svc.from('articles').delete().in('id', made);
});

const complete = {
  claim: 'Le gouvernement a supprimé le baccalauréat cette année.',
  claimant: 'Publications virales',
  channels: 'WhatsApp, Facebook',
  links: ['https://facebook.example/post/1'],
  first_seen: '2026-11-20',
  verdict: 'false',
  summary: "Le baccalauréat a lieu en juin comme chaque année : aucun texte ne l'a supprimé.",
  what_is_true: 'Le calendrier des épreuves a été décalé d’une semaine.',
  why_it_matters: 'Des candidats ont cessé de réviser.',
  sources: [{ title: 'Arrêté du ministère', url: 'https://education.example/arrete', consulted: '2026-11-21' }],
};

/** A fact-check written by the seeded journalist and sent for review. */
async function journalistsFactCheck(factCheck: object = complete): Promise<string> {
  const token = uid();
  const { id } = must(
    await journalist.sb
      .from('articles')
      .insert({
        slug: `vrai-ou-faux-${token}`,
        title: `Vrai ou faux ${token}`,
        content: '<p>Nous avons vérifié.</p>',
        status: 'review',
        format: 'factcheck',
        fact_check: factCheck,
        category_id: ctx.f.category.id,
      })
      .select('id')
      .single(),
    'the journalist writes a fact-check',
  );
  made.push(id);
  return id;
}

describe('« Vrai ou faux »: « Vérifié par » and publishing', () => {
  it('an administrator cannot publish a fact-check nobody verified; verifying it as themselves, they publish it', async () => {
    const id = await journalistsFactCheck();
    const refused = await ctx.who.admin.sb.from('articles').update({ status: 'published' }).eq('id', id).select('id');
    expect(refused.error?.code).toBe('23514');
    expect(refused.error?.details).toBe('fact_check_unverified');

    const published = await ctx.who.admin.sb
      .from('articles')
      .update({ status: 'published', checked_by: ctx.who.admin.userId })
      .eq('id', id)
      .select('status, checked_by')
      .single();
    expect(published.error).toBeNull();
    expect(published.data).toEqual({ status: 'published', checked_by: ctx.who.admin.userId });
    // Readers read the check with the article.
    const read = await client().from('articles').select('format, fact_check').eq('id', id).single();
    expect(read.data).toEqual({ format: 'factcheck', fact_check: complete });
    // Its card carries the verdict in the lists the database builds (search, home, « Les plus lus »).
    const { data: title } = await client().from('articles').select('title').eq('id', id).single();
    const found = (await client().rpc('search_articles', { q: title!.title.split(' ').pop()! })).data as { id: string; verdict?: string }[];
    expect(found.find((card) => card.id === id)).toMatchObject({ format: 'factcheck', verdict: 'false' });
  });

  it('nobody signs « Vérifié par » with someone else’s name, and the author never verifies their own', async () => {
    const id = await journalistsFactCheck();
    // The journalist names an editor as the checker: refused.
    expectDenied(
      await journalist.sb.from('articles').update({ checked_by: ctx.who.admin.userId }).eq('id', id).select('id'),
      'a journalist signing « Vérifié par » for an editor',
    );
    // The journalist signs it themselves, the author: refused.
    const own = await journalist.sb.from('articles').update({ checked_by: journalist.userId }).eq('id', id).select('id');
    expect(own.error?.details).toBe('checker_is_author');
    // An administrator names a colleague: refused; the colleague signs it themselves: kept.
    expectDenied(
      await ctx.who.admin.sb.from('articles').update({ checked_by: colleague.userId }).eq('id', id).select('id'),
      'an administrator signing « Vérifié par » for a colleague',
    );
    const signed = await colleague.sb.from('articles').update({ checked_by: colleague.userId }).eq('id', id).select('checked_by').single();
    expect(signed.data?.checked_by).toBe(colleague.userId);
    // The byline then moved to the checker: refused (the checker is a second member).
    const byline = await ctx.who.admin.sb.from('articles').update({ author_id: colleague.userId }).eq('id', id).select('id');
    expect(byline.error?.details).toBe('checker_is_author');
    // The seed and maintenance name a checker too, never the author.
    const seeded = await svc.from('articles').update({ checked_by: journalist.userId }).eq('id', id).select('id');
    expect(seeded.error?.details).toBe('checker_is_author');
  });

  it('a fact-check goes out complete: without a source (or a verdict) publishing is refused, even verified', async () => {
    const { sources: _sources, ...withoutSources } = complete;
    const id = await journalistsFactCheck(withoutSources);
    const refused = await ctx.who.admin.sb
      .from('articles')
      .update({ status: 'published', checked_by: ctx.who.admin.userId })
      .eq('id', id)
      .select('id');
    expect(refused.error?.details).toBe('fact_check_incomplete');
    const scheduled = await ctx.who.admin.sb
      .from('articles')
      .update({ status: 'scheduled', published_at: '2030-01-01T08:00:00Z', checked_by: ctx.who.admin.userId, fact_check: complete })
      .eq('id', id)
      .select('status')
      .single();
    expect(scheduled.data?.status).toBe('scheduled');
  });
});

describe('« Vrai ou faux »: a verdict changed is a correction', () => {
  it('changing a public verdict adds a correction note readers see; a draft’s verdict changes silently', async () => {
    const id = await journalistsFactCheck();
    const save = async (change: Record<string, unknown>, what: string) =>
      must(await ctx.who.admin.sb.from('articles').update(change).eq('id', id).select('id'), what);
    // Before it is out: no correction.
    await save({ fact_check: { ...complete, verdict: 'misleading' } }, 'draft edit');
    await save({ status: 'published', checked_by: ctx.who.admin.userId, fact_check: complete }, 'publish');
    const notes = async () => must(await client().from('article_corrections').select('note, corrected_at').eq('article_id', id), 'notes');
    expect(await notes()).toEqual([]);
    // Out: « Faux » becomes « Trompeur », and readers read why it changed.
    await save({ fact_check: { ...complete, verdict: 'misleading' } }, 'verdict change');
    expect((await notes()).map((n) => n.note)).toEqual(['Verdict modifié : « Faux » devient « Trompeur ».']);
    // Another field changed: no note.
    await save({ fact_check: { ...complete, verdict: 'misleading', summary: 'Autre.' } }, 'summary edit');
    expect(await notes()).toHaveLength(1);
  });
});

describe('« Vrai ou faux »: the shape of the check', () => {
  const refusedShapes: [string, object][] = [
    ['a claim of 281 characters', { ...complete, claim: 'a'.repeat(281) }],
    ['« En bref » of 201 characters', { ...complete, summary: 'b'.repeat(201) }],
    ['six links', { ...complete, links: Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`) }],
    ['a link that is not http(s)', { ...complete, links: ['javascript:alert(1)'] }],
    ['a verdict off the scale', { ...complete, verdict: 'pants_on_fire' }],
    ['a source without its title', { ...complete, sources: [{ title: ' ', url: 'https://a.example', consulted: '2026-11-21' }] }],
    ['a source consulted on no date', { ...complete, sources: [{ title: 'A', url: 'https://a.example', consulted: 'hier' }] }],
    ['an unknown field', { ...complete, rating: 3 }],
  ];
  it.each(refusedShapes)('refuses %s (articles_fact_check_shape)', async (_what, factCheck) => {
    const res = await ctx.who.admin.sb.from('articles').update({ fact_check: factCheck }).eq('id', ctx.f.draft.id).select('id');
    expect(res.error?.code).toBe('23514');
    expect(res.error?.message).toContain('articles_fact_check_shape');
  });

  it('keeps a claim of 280 characters, five links and an unfinished draft', async () => {
    const full = { ...complete, claim: 'c'.repeat(280), links: Array.from({ length: 5 }, (_, i) => `https://x.example/${i}`) };
    const id = await journalistsFactCheck(full);
    const draft = await journalistsFactCheck({ claim: 'Rien encore' });
    const rows = must(await journalist.sb.from('articles').select('id, fact_check').in('id', [id, draft]), 'the journalist reads back');
    expect(rows.map((r) => r.fact_check)).toEqual(expect.arrayContaining([full, { claim: 'Rien encore' }]));
  });
});

describe('« Signaler une rumeur »: the tipline', () => {
  // Each test its own client (address and user agent as the gateway saw them): the limit is per client.
  let host = 1;
  const visitor = () => clientFrom(`127.0.44.${host++}`);
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
  const report = (sb: SupabaseClient, body: string, extra: Record<string, unknown> = {}) =>
    sb.rpc('report_rumour', { p_body: body, ...extra });
  const stored = async (body: string) =>
    must(await svc.from('rumour_reports').select('id, body, link, status').eq('body', body), 'reports');

  it('a visitor sends a rumour with a link and a screenshot, which only the newsroom reads', async () => {
    const body = `On dit que l’eau du robinet est coupée pour un mois (${uid()})`;
    const sent = await report(visitor(), body, {
      p_link: 'https://facebook.example/post/eau',
      p_screenshot: PNG.toString('base64'),
      p_screenshot_type: 'image/png',
    });
    expect(sent.error).toBeNull();
    const [row] = await stored(body);
    expect(row).toMatchObject({ link: 'https://facebook.example/post/eau', status: 'new' });
    // Never public: a visitor and a reader see nothing, neither the report nor its screenshot.
    for (const sb of [client(), ctx.who.reader.sb]) {
      expect((await sb.from('rumour_reports').select('id').eq('id', row.id)).data ?? []).toEqual([]);
      expect((await sb.from('rumour_screenshots').select('report_id').eq('report_id', row.id)).data ?? []).toEqual([]);
    }
    // The journalist reads it and its screenshot, and takes it into the queue linked to the fact-check that answers it.
    const shot = must(
      await journalist.sb.from('rumour_screenshots').select('content_type, image').eq('report_id', row.id).single(),
      'screenshot',
    );
    expect(shot.content_type).toBe('image/png');
    const answer = await journalistsFactCheck();
    const worked = await journalist.sb
      .from('rumour_reports')
      .update({ status: 'checking', fact_check_id: answer })
      .eq('id', row.id)
      .select('status, fact_check_id')
      .single();
    expect(worked.data).toEqual({ status: 'checking', fact_check_id: answer });
    // A reader cannot change a report.
    const touched = await ctx.who.reader.sb.from('rumour_reports').update({ status: 'dismissed' }).eq('id', row.id).select('id');
    expect(touched.data ?? []).toEqual([]);
  });

  it('refuses a screenshot over 1 MB, or not a picture, an empty text, a link that is not http(s); takes a honeypot and drops it', async () => {
    const body = `Rumeur ${uid()}`;
    const big = Buffer.alloc(1048577, 1).toString('base64');
    // The API's gateway refuses so large a request first (413); the function holds the limit whatever the way in.
    expect((await report(visitor(), body, { p_screenshot: big, p_screenshot_type: 'image/png' })).status).toBe(413);
    const db = await postgresDb();
    try {
      await expect(db.query(`select public.report_rumour($1, null, $2, 'image/png')`, [body, big])).rejects.toMatchObject({
        detail: 'screenshot',
      });
    } finally {
      await db.end();
    }
    expect((await report(visitor(), body, { p_screenshot: PNG.toString('base64'), p_screenshot_type: 'text/html' })).error?.details).toBe(
      'screenshot',
    );
    expect((await report(visitor(), '   ')).error?.details).toBe('body');
    expect((await report(visitor(), body, { p_link: 'javascript:alert(1)' })).error?.details).toBe('link');
    expect((await report(visitor(), body, { p_website: 'http://spam.example' })).error).toBeNull();
    expect(await stored(body)).toEqual([]);
  });

  it('refuses the 6th report from one client within 10 minutes (PT429), as the contact form', async () => {
    const token = uid();
    const sb = visitor();
    for (let i = 0; i < 5; i++) expect((await report(sb, `Rumeur ${token} ${i}`)).error, `report ${i + 1}`).toBeNull();
    const sixth = await report(sb, `Rumeur ${token} 5`);
    expect(sixth.error?.code).toBe('PT429');
    expect(sixth.error?.details).toBe('rate_limited');
    expect((await report(visitor(), `Rumeur ${token} 6`)).error).toBeNull();
  });

  it('purges screenshots after 90 days, keeping the report; nobody but the service role runs the purge', async () => {
    const body = `Rumeur ancienne ${uid()}`;
    expect((await report(visitor(), body, { p_screenshot: PNG.toString('base64'), p_screenshot_type: 'image/png' })).error).toBeNull();
    const [row] = await stored(body);
    const db = await postgresDb();
    try {
      await db.query(`update public.rumour_screenshots set created_at = now() - interval '91 days' where report_id = $1`, [row.id]);
    } finally {
      await db.end();
    }
    expectDenied(await ctx.who.admin.sb.rpc('purge_rumour_screenshots'), 'an administrator running the purge');
    const purged = await svc.rpc('purge_rumour_screenshots');
    expect(purged.data).toBeGreaterThanOrEqual(1);
    expect(must(await svc.from('rumour_screenshots').select('report_id').eq('report_id', row.id), 'left')).toEqual([]);
    expect(await stored(body)).toHaveLength(1);
  });
});
