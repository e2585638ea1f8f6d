import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import { expectDenied, must, uid, withFixtures } from './helpers.ts';

// « En direct »: entries posted to a live coverage, read by readers as pages and as changes since a
// revision, through the real API under each role.

const ctx = withFixtures();
const svc = serviceClient();

interface Entry {
  id: string;
  seq: number;
  revision: number;
  body?: string;
  deleted?: true;
  keyEvent?: boolean;
  pinned?: boolean;
  correction?: { text: string; at: string } | null;
}
interface Coverage {
  state: string;
  revision: number;
  pollSeconds: number;
  endedAt: string | null;
}
interface Delta {
  articleId: string;
  coverage: Coverage;
  entries: Entry[];
  reload: boolean;
}

/** A live article as the admin makes it on the editor (format « Direct »), public or a draft. */
async function liveArticle(status: 'published' | 'draft' = 'published'): Promise<{ id: string; slug: string }> {
  const token = uid();
  return must(
    await ctx.who.admin.sb
      .from('articles')
      .insert({
        slug: `direct-${token}`,
        title: `Direct ${token}`,
        content: '<p>Suivez la soirée.</p>',
        status,
        format: 'live',
        category_id: ctx.f.category.id,
      })
      .select('id, slug')
      .single(),
    'admin creates a live article',
  );
}

const post = (sb: SupabaseClient, articleId: string, body: string, id = randomUUID()) =>
  sb.rpc('live_post', { p_id: id, p_article_id: articleId, p_body: body });
const delta = async (sb: SupabaseClient, slug: string, since: number): Promise<Delta | null> =>
  (await sb.rpc('live_delta', { p_slug: slug, p_since: since })).data as Delta | null;

const made: string[] = [];
let live: { id: string; slug: string };
beforeAll(async () => {
  live = await liveArticle();
  made.push(live.id);
});
afterAll(async () => {
  await svc.from('articles').delete().in('id', made);
});

describe('a live coverage', () => {
  it('opens when an article gets the format « Direct », and its entries come newest first with their order by sequence', async () => {
    const { journalist, anon } = ctx.who;
    const bodies = ['19:00 — Les bureaux de vote ferment.', '19:05 — Premiers dépouillements à Dakar.', '19:12 — Participation : 61 %.'];
    for (const body of bodies) must(await post(journalist.sb, live.id, body), `journalist posts « ${body} »`);

    const page = must(await anon.sb.rpc('live_page', { p_article_id: live.id }), 'reader reads the live page') as {
      coverage: Coverage;
      entries: (Entry & { author: string })[];
      older: boolean;
    };
    expect(page.coverage.state).toBe('open');
    expect(page.coverage.pollSeconds).toBe(30);
    expect(page.entries.map((e) => e.body)).toEqual([...bodies].reverse());
    expect(page.entries.map((e) => e.seq)).toEqual([3, 2, 1]);
    expect(page.entries[0]!.author).toBeTruthy();
    expect(page.older).toBe(false);

    // A reader who had revision 1 gets the two that came after, oldest change first.
    const since1 = (await delta(anon.sb, live.slug, 1))!;
    expect(since1.entries.map((e) => e.body)).toEqual(bodies.slice(1));
    expect(since1.coverage.revision).toBe(3);
    expect((await delta(anon.sb, live.slug, 3))!.entries).toEqual([]);
  });

  it('stores a retried entry once: the same id posted again returns the stored entry', async () => {
    const id = randomUUID();
    const first = must(await post(ctx.who.journalist.sb, live.id, 'Le président sortant a voté.', id), 'first try') as Entry;
    const again = must(await post(ctx.who.journalist.sb, live.id, 'Le président sortant a voté.', id), 'retry') as Entry;
    expect(again).toEqual(first);
    // Two tries racing each other (the phone retried before the first answer came).
    const racing = randomUUID();
    const both = await Promise.all([
      post(ctx.who.journalist.sb, live.id, 'Course', racing),
      post(ctx.who.journalist.sb, live.id, 'Course', racing),
    ]);
    expect(both.map((r) => r.error)).toEqual([null, null]);
    const { count } = await svc.from('live_entries').select('id', { count: 'exact', head: true }).in('id', [id, racing]);
    expect(count).toBe(2);
    // Someone else's id is not theirs to reuse.
    expect((await post(ctx.who.admin.sb, live.id, 'Autre', id)).error?.code).toBe('23505');
  });

  it('carries edits, corrections and deletions to the readers after the revision they had, and a deleted text is gone', async () => {
    const { journalist, anon } = ctx.who;
    const entry = must(await post(journalist.sb, live.id, 'Le candidat Diallo mène à Thiès.'), 'post') as Entry;
    const seen = entry.revision;

    // « Retouche »: silent.
    must(
      await journalist.sb.rpc('live_edit', { p_id: entry.id, p_body: 'Le candidat Diallo mène à Thiès (résultats partiels).' }),
      'retouche',
    );
    let d = (await delta(anon.sb, live.slug, seen))!;
    expect(d.entries).toEqual([
      expect.objectContaining({ id: entry.id, body: 'Le candidat Diallo mène à Thiès (résultats partiels).', correction: null }),
    ]);

    // « Correction »: shown under the entry and listed on /corrections.
    must(
      await journalist.sb.rpc('live_edit', {
        p_id: entry.id,
        p_body: 'Le candidat Ba mène à Thiès.',
        p_correction: 'Il s’agissait du candidat Ba.',
      }),
      'correction',
    );
    d = (await delta(anon.sb, live.slug, seen))!;
    expect(d.entries[0]!.correction?.text).toBe('Il s’agissait du candidat Ba.');
    const corrections = must(await anon.sb.from('article_corrections').select('note').eq('article_id', live.id), 'corrections');
    expect(corrections.map((c) => c.note)).toEqual([`Entrée n° ${entry.seq} du direct : Il s’agissait du candidat Ba.`]);

    // Deleted: the readers get a tombstone, and the text is nowhere to read any more.
    expect((await journalist.sb.rpc('live_delete', { p_id: entry.id })).error).toBeNull();
    d = (await delta(anon.sb, live.slug, seen))!;
    expect(d.entries).toEqual([{ id: entry.id, seq: entry.seq, revision: d.coverage.revision, deleted: true }]);
    const page = JSON.stringify((await anon.sb.rpc('live_page', { p_article_id: live.id })).data);
    expect(page).not.toContain('Thiès');
    const row = must(await svc.from('live_entries').select('body, correction, deleted_at').eq('id', entry.id).single(), 'tombstone');
    expect(row).toMatchObject({ body: '', correction: null });
  });

  it('queues purges of the article and drops kept pages when an entry of a public coverage changes', async () => {
    const before = must(await ctx.who.anon.sb.rpc('content_version'), 'version') as string;
    must(await post(ctx.who.journalist.sb, live.id, 'Le taux de participation dépasse 60 %.'), 'post');
    expect(must(await ctx.who.anon.sb.rpc('content_version'), 'version')).not.toBe(before);
    const db = await postgresDb();
    try {
      const { rows } = await db.query<{ keys: string[]; slugs: Record<string, string[]> }>(
        'select keys, slugs from private.purge_queue where $1 = any(keys) order by id desc limit 1',
        [`article-${live.id}`],
      );
      // A plain entry purges the article's page and update checks only (not the front page nor the edition).
      expect(rows[0]!.keys).toEqual([`article-${live.id}`]);
      expect(rows[0]!.slugs[`article-${live.id}`]).toEqual([live.slug]);
    } finally {
      await db.end();
    }
  }, 30_000);

  it('names the interval in every answer, and stops the readers when closed or when set to 0', async () => {
    const { admin, anon } = ctx.who;
    const other = await liveArticle();
    made.push(other.id);
    must(await admin.sb.rpc('live_set_state', { p_article_id: other.id, p_state: 'open', p_poll_seconds: 15 }), 'interval 15 s');
    expect((await delta(anon.sb, other.slug, 0))!.coverage.pollSeconds).toBe(15);
    must(await admin.sb.rpc('live_set_state', { p_article_id: other.id, p_state: 'paused' }), 'pause');
    const paused = (await delta(anon.sb, other.slug, 0))!.coverage;
    expect(paused).toMatchObject({ state: 'paused', pollSeconds: 15, endedAt: null });
    expect((await post(ctx.who.journalist.sb, other.id, 'Pendant la pause')).error?.message).toContain('en pause');

    must(await admin.sb.rpc('live_set_state', { p_article_id: other.id, p_state: 'closed' }), 'close');
    const closed = (await delta(anon.sb, other.slug, 0))!.coverage;
    expect(closed).toMatchObject({ state: 'closed', pollSeconds: 0 });
    expect(closed.endedAt).toBeTruthy();
    expect((await post(ctx.who.journalist.sb, other.id, 'Après la fin')).error?.message).toContain('terminé');

    // Reopened: the end time goes, readers poll again.
    must(await admin.sb.rpc('live_set_state', { p_article_id: other.id, p_state: 'open', p_poll_seconds: 0 }), 'reopen stopped');
    expect((await delta(anon.sb, other.slug, 0))!.coverage).toMatchObject({ state: 'open', pollSeconds: 0, endedAt: null });
    expect((await admin.sb.rpc('live_set_state', { p_article_id: other.id, p_state: 'open', p_poll_seconds: 5 })).error?.message).toContain(
      '10 secondes',
    );
  });

  it('closes itself after twelve hours without an entry: read as closed at once, stored by live_close_idle', async () => {
    const idle = await liveArticle();
    made.push(idle.id);
    must(await post(ctx.who.journalist.sb, idle.id, 'Dernière entrée de la nuit.'), 'post');
    const lastActivity = new Date(Date.now() - 13 * 3600_000).toISOString();
    must(await svc.from('live_coverages').update({ active_at: lastActivity }).eq('article_id', idle.id).select('article_id'), 'age it');
    const published = new Date(Date.now() - 14 * 3600_000).toISOString();
    must(await svc.from('articles').update({ published_at: published }).eq('id', idle.id).select('id'), 'published the day before');

    const read = (await delta(ctx.who.anon.sb, idle.slug, 0))!.coverage;
    expect(read).toMatchObject({ state: 'closed', pollSeconds: 0 });
    expect(new Date(read.endedAt!).getTime()).toBe(new Date(lastActivity).getTime() + 12 * 3600_000);
    expect((await post(ctx.who.journalist.sb, idle.id, 'Trop tard')).error?.message).toContain('terminé');
    const front = must(await ctx.who.anon.sb.rpc('live_front'), 'front') as { articleId: string }[];
    expect(front.map((f) => f.articleId)).not.toContain(idle.id);

    expect((await ctx.who.admin.sb.rpc('live_close_idle')).error?.code).toBe('42501');
    expect(must(await svc.rpc('live_close_idle'), 'close idle')).toBeGreaterThanOrEqual(1);
    const stored = must(await svc.from('live_coverages').select('state, ended_at').eq('article_id', idle.id).single(), 'stored');
    expect(stored.state).toBe('closed');
    expect(new Date(stored.ended_at!).getTime()).toBe(new Date(read.endedAt!).getTime());
  });

  it('shows the front page its public live coverages with their latest key event, marked by an administrator', async () => {
    const { admin, journalist, anon } = ctx.who;
    const entry = must(await post(journalist.sb, live.id, 'Le Conseil constitutionnel proclame les résultats.'), 'post') as Entry;
    expectDenied(
      await journalist.sb.rpc('live_mark', { p_id: entry.id, p_key_event: true, p_pinned: true }),
      'a journalist marks a key event',
    );
    must(await admin.sb.rpc('live_mark', { p_id: entry.id, p_key_event: true, p_pinned: true }), 'admin marks and pins');
    const front = must(await anon.sb.rpc('live_front'), 'front') as { articleId: string; latestKeyEvent: { id: string } | null }[];
    expect(front.find((f) => f.articleId === live.id)?.latestKeyEvent?.id).toBe(entry.id);

    // One pinned entry at most: pinning another unpins the first, and readers learn both changes.
    const second = must(await post(journalist.sb, live.id, 'Déclaration du vainqueur.'), 'post') as Entry;
    must(await admin.sb.rpc('live_mark', { p_id: second.id, p_key_event: null, p_pinned: true }), 'pin the second');
    const d = (await delta(anon.sb, live.slug, second.revision))!;
    expect(d.entries.map((e) => [e.id, e.pinned])).toEqual(
      expect.arrayContaining([
        [entry.id, false],
        [second.id, true],
      ]),
    );
    const page = must(await anon.sb.rpc('live_page', { p_article_id: live.id }), 'page') as { pinned: Entry; keyEvents: { id: string }[] };
    expect(page.pinned.id).toBe(second.id);
    expect(page.keyEvents.map((k) => k.id)).toContain(entry.id);
  });
});

describe('a coverage prepared in advance, and one that stops being live', () => {
  it('starts when its article goes out: prepared as a draft the day before, it is open, not closed for idleness', async () => {
    const draft = await liveArticle('draft');
    made.push(draft.id);
    must(await post(ctx.who.admin.sb, draft.id, 'Ouverture des bureaux demain à 8 h.'), 'prepared');
    const yesterday = new Date(Date.now() - 20 * 3600_000).toISOString();
    must(
      await svc
        .from('live_coverages')
        .update({ active_at: yesterday, started_at: yesterday })
        .eq('article_id', draft.id)
        .select('article_id'),
      'age it',
    );
    must(await svc.rpc('live_close_idle'), 'the server’s chores run meanwhile');

    const before = Date.now();
    must(await ctx.who.admin.sb.from('articles').update({ status: 'published' }).eq('id', draft.id).select('id'), 'publish');
    const coverage = (await delta(ctx.who.anon.sb, draft.slug, 0))!.coverage as Coverage & { startedAt: string };
    expect(coverage).toMatchObject({ state: 'open', pollSeconds: 30, endedAt: null });
    expect(new Date(coverage.startedAt).getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect((await post(ctx.who.journalist.sb, draft.id, 'Les bureaux ouvrent.')).error).toBeNull();
  });

  it('keeps its entries from readers once its format goes back to « Article », and takes no more', async () => {
    const turned = await liveArticle();
    made.push(turned.id);
    must(await post(ctx.who.journalist.sb, turned.id, 'Entrée publiée.'), 'post');
    must(await ctx.who.admin.sb.from('articles').update({ format: 'article' }).eq('id', turned.id).select('id'), 'back to an article');
    expect(must(await ctx.who.anon.sb.from('live_entries').select('id').eq('article_id', turned.id), 'entries')).toEqual([]);
    expect(await delta(ctx.who.anon.sb, turned.slug, 0)).toBeNull();
    expect((await post(ctx.who.journalist.sb, turned.id, 'Encore une')).error?.details).toBe('not_live');
  });
});

describe('who may do what to a live coverage', () => {
  it('refuses a reader and anon posting, a journalist pinning, pausing or changing a colleague’s entry; the legitimate uses pass', async () => {
    const { anon, reader, journalist, admin } = ctx.who;
    expectDenied(await post(reader.sb, live.id, 'Je suis un lecteur'), 'a reader posts');
    expectDenied(await post(anon.sb, live.id, 'Anonyme'), 'anon posts');
    expectDenied(await journalist.sb.rpc('live_set_state', { p_article_id: live.id, p_state: 'closed' }), 'a journalist closes');

    const adminEntry = must(await post(admin.sb, live.id, 'Entrée de la rédactrice en chef.'), 'admin posts') as Entry;
    expectDenied(
      await journalist.sb.rpc('live_edit', { p_id: adminEntry.id, p_body: 'Réécrit' }),
      'a journalist edits a colleague’s entry',
    );
    expectDenied(await journalist.sb.rpc('live_delete', { p_id: adminEntry.id }), 'a journalist deletes a colleague’s entry');
    const own = must(await post(journalist.sb, live.id, 'Mon entrée.'), 'journalist posts') as Entry;
    must(await admin.sb.rpc('live_edit', { p_id: own.id, p_body: 'Mon entrée, retouchée par l’édition.' }), 'admin edits any entry');

    // No direct writes to the tables, whoever asks.
    for (const who of [anon, reader, journalist, admin]) {
      expectDenied(
        await who.sb.from('live_entries').insert({ id: randomUUID(), article_id: live.id, seq: 999, revision: 999, body: 'Direct' }),
        'direct insert',
      );
      expect((await who.sb.from('live_entries').update({ body: 'x' }).eq('id', own.id).select('id')).error?.code).toBe('42501');
      expectDenied(await who.sb.from('live_coverages').update({ state: 'closed' }).eq('article_id', live.id), 'direct coverage update');
    }
  });

  it('refuses bodies that are empty or past 1,000 characters, in French, and takes exactly 1,000', async () => {
    const { journalist } = ctx.who;
    for (const body of ['', '   ', 'x'.repeat(1001)]) {
      const res = await post(journalist.sb, live.id, body);
      expect(res.error?.code, JSON.stringify(body.slice(0, 5))).toBe('22023');
      expect(res.error?.message).toContain('de 1 à 1 000 caractères');
    }
    expect((await post(journalist.sb, live.id, 'é'.repeat(1000))).error).toBeNull();
  });

  it('keeps an administrator’s draft coverage from journalists, who read and feed their own', async () => {
    const { journalist } = ctx.who;
    const theirs = await liveArticle('draft');
    made.push(theirs.id);
    must(await post(ctx.who.admin.sb, theirs.id, 'Sous embargo jusqu’à 20 h.'), 'the administrator prepares');
    expect(must(await journalist.sb.from('live_entries').select('id').eq('article_id', theirs.id), 'entries')).toEqual([]);
    expect(must(await journalist.sb.from('live_coverages').select('article_id').eq('article_id', theirs.id), 'coverage')).toEqual([]);
    expect((await journalist.sb.rpc('live_page', { p_article_id: theirs.id })).data).toBeNull();
    expect((await post(journalist.sb, theirs.id, 'Intrusion')).error?.details).toBe('not_live');

    const own = must(
      await journalist.sb
        .from('articles')
        .insert({
          slug: `direct-${uid()}`,
          title: 'Mon direct',
          content: '<p>x</p>',
          status: 'draft',
          format: 'live',
          category_id: ctx.f.category.id,
        })
        .select('id')
        .single(),
      'a journalist prepares a live article of their own',
    );
    made.push(own.id);
    must(await post(journalist.sb, own.id, 'Préparation.'), 'the journalist feeds their own draft');
    expect(must(await journalist.sb.from('live_entries').select('id').eq('article_id', own.id), 'own entries')).toHaveLength(1);
  });

  it('refuses an edit of an entry deleted meanwhile, in French, and leaves the tombstone as it is', async () => {
    const entry = must(await post(ctx.who.journalist.sb, live.id, 'Brève retirée.'), 'post') as Entry;
    expect((await ctx.who.journalist.sb.rpc('live_delete', { p_id: entry.id })).error).toBeNull();
    const late = await ctx.who.journalist.sb.rpc('live_edit', { p_id: entry.id, p_body: 'Réécrite après coup' });
    expect(late.error).toMatchObject({ code: 'P0002', message: 'Cette entrée n’existe pas ou a été supprimée.'.replace('’', "'") });
    const row = must(await svc.from('live_entries').select('body').eq('id', entry.id).single(), 'tombstone');
    expect(row.body).toBe('');
  });

  it('keeps a draft coverage from readers: no reader reads its page, changes or entries', async () => {
    const draft = await liveArticle('draft');
    made.push(draft.id);
    must(await post(ctx.who.admin.sb, draft.id, 'Préparation du direct.'), 'the administrator prepares the coverage');
    for (const who of [ctx.who.anon, ctx.who.reader]) {
      expect((await who.sb.rpc('live_page', { p_article_id: draft.id })).data).toBeNull();
      expect(await delta(who.sb, draft.slug, 0)).toBeNull();
      expect(must(await who.sb.from('live_entries').select('id').eq('article_id', draft.id), 'entries')).toEqual([]);
      expect(must(await who.sb.from('live_coverages').select('article_id').eq('article_id', draft.id), 'coverage')).toEqual([]);
    }
    const newsroom = must(await ctx.who.admin.sb.rpc('live_page', { p_article_id: draft.id }), 'an administrator reads') as {
      entries: Entry[];
    };
    expect(newsroom.entries).toHaveLength(1);
    // A public article that is not live has no coverage to read.
    expect(await delta(ctx.who.anon.sb, ctx.f.published.slug, 0)).toBeNull();
  });
});
