import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startInbox, type RunningInbox } from '@afriqueactu/supabase-local';
import { mailsTo, postgresDb, serviceClient } from '@afriqueactu/supabase-local/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { drainNoticeMails } from '@/newsletter/noticeMails';
import { senderDb } from '@/newsletter/sender';
import { smtpTransport } from '@/newsletter/transport';
import { removeWritten, save, write, type DeskArticle } from './desk.ts';
import { expectDenied, must, newAdmin, newJournalist, signIn, uid } from './helpers.ts';

// Review that talks (issue 46, item 1), through supabase-js as the editor saves: the note of a
// status change stored in the article's history (never in the article), the « Renvoyé avec
// remarques » mark, the notices made for the other side with each person's choices, who reads and
// changes what, and the notices' e-mails through the newsletter's transport to a local inbox.

const svc = serviceClient();
type Member = { sb: SupabaseClient; userId: string; email: string };
let editor: Member;
let journalist: Member;
let colleague: Member;
let categoryId: string;
let inbox: RunningInbox;

/** A new member with an address of their own (their notices' mails are theirs alone in the inbox). */
async function member(make: typeof newAdmin, name: string): Promise<Member> {
  const { sb, userId } = await make(name);
  const { data } = await sb.auth.getUser();
  return { sb, userId, email: data.user!.email! };
}

beforeAll(async () => {
  // Only this file's editor gets the notices of submissions: the other administrators are the seed's and other files'.
  editor = await member(newAdmin, `Rédactrice ${uid()}`);
  journalist = await member(newJournalist, `Journaliste ${uid()}`);
  colleague = await member(newJournalist, `Collègue ${uid()}`);
  const category = must(
    await svc
      .from('categories')
      .insert({ name: `Relecture ${uid()}`, slug: `relecture-${uid()}` })
      .select('id')
      .single(),
    'category',
  );
  categoryId = category.id;
  inbox = await startInbox({ port: 0 });
});
afterAll(async () => {
  await removeWritten();
  await svc.from('categories').delete().eq('id', categoryId);
  await inbox?.stop();
});

const notesOf = (sb: SupabaseClient, articleId: string) =>
  sb.from('article_notes').select('author_id, from_status, to_status, note').eq('article_id', articleId).order('id');
const noticesOf = (sb: SupabaseClient, recipientId: string, articleId: string) =>
  sb.from('notices').select('id, kind, read_at, recipient_id').eq('recipient_id', recipientId).eq('article_id', articleId);

/** The journalist's draft sent « À relire » with a note, as their editor's save does. */
async function submitted(note = 'Premier jet, le titre reste à trouver.'): Promise<DeskArticle> {
  const draft = await write(journalist.sb, categoryId);
  return must(await save(journalist.sb, draft, { status: 'review', status_note: note }), 'submit') as DeskArticle;
}

describe('notes that go with a status change', () => {
  it('a submission stores its note in the history, never in the article; the editor reads it', async () => {
    const article = await submitted();
    const stored = must(await svc.from('articles').select('status_note, sent_back_at').eq('id', article.id).single(), 'stored');
    expect(stored).toEqual({ status_note: null, sent_back_at: null });
    const notes = must(await notesOf(editor.sb, article.id), 'editor reads notes');
    expect(notes).toEqual([
      { author_id: journalist.userId, from_status: 'draft', to_status: 'review', note: 'Premier jet, le titre reste à trouver.' },
    ]);
    // A save that changes nothing about the status and says nothing adds nothing.
    const again = must(await save(journalist.sb, article, { title: `Titre ${uid()}` }), 'edit');
    expect(again).toBeTruthy();
    expect(must(await notesOf(journalist.sb, article.id), 'journalist reads notes')).toHaveLength(1);
  });

  it('sent back with remarks: the history says who and why, the article is « Renvoyé avec remarques » and sorts first', async () => {
    const older = await submitted();
    const article = await submitted();
    // The editor sends the older one back (created first: the plain order puts it last).
    must(await save(editor.sb, older, { status: 'draft', status_note: 'Sourcez le chiffre du deuxième paragraphe.' }), 'send back');
    const mark = must(await svc.from('articles').select('status, sent_back_at, latest_note').eq('id', older.id).single(), 'mark');
    expect(mark.status).toBe('draft');
    expect(mark.sent_back_at).not.toBeNull();
    const notes = must(await notesOf(journalist.sb, older.id), 'journalist reads the remark');
    expect(notes.at(-1)).toEqual({
      author_id: editor.userId,
      from_status: 'review',
      to_status: 'draft',
      note: 'Sourcez le chiffre du deuxième paragraphe.',
    });
    // The journalist's list as the back office asks for it: sent back first, then newest first.
    const list = must(
      await journalist.sb
        .from('articles')
        .select('id, latest_note')
        .eq('author_id', journalist.userId)
        .in('id', [older.id, article.id])
        .order('sent_back_at', { ascending: false, nullsFirst: false })
        .order('created_at', { ascending: false }),
      'the journalist’s list',
    );
    expect(list.map((r) => r.id)).toEqual([older.id, article.id]);
    expect(list[0].latest_note).toBe('Sourcez le chiffre du deuxième paragraphe.');
    // Submitted again, it is no longer « renvoyé ».
    const resubmitted = must(await svc.from('articles').select('version').eq('id', older.id).single(), 'version');
    must(await save(journalist.sb, { id: older.id, version: resubmitted.version }, { status: 'review' }), 'resubmit');
    expect(must(await svc.from('articles').select('sent_back_at').eq('id', older.id).single(), 'cleared').sent_back_at).toBeNull();
  });

  it('a journalist who takes back their own submission is not « renvoyé », and nobody is told', async () => {
    const article = await submitted();
    const before = must(await noticesOf(journalist.sb, journalist.userId, article.id), 'none yet');
    must(await save(journalist.sb, article, { status: 'draft' }), 'take back');
    expect(must(await svc.from('articles').select('sent_back_at').eq('id', article.id).single(), 'mark').sent_back_at).toBeNull();
    expect(must(await noticesOf(journalist.sb, journalist.userId, article.id), 'still none')).toEqual(before);
  });

  it('a note longer than 2,000 characters is refused with the status change, and nothing is saved', async () => {
    const draft = await write(journalist.sb, categoryId);
    const res = await save(journalist.sb, draft, { status: 'review', status_note: 'x'.repeat(2001) });
    expect(res.error?.code).toBe('23514');
    const stored = must(await svc.from('articles').select('status').eq('id', draft.id).single(), 'unchanged');
    expect(stored.status).toBe('draft');
    expect(must(await notesOf(svc, draft.id), 'no note')).toEqual([]);
  });
});

describe('notices for the other side', () => {
  it('a submission tells the editors, not its journalist; sending back, scheduling and publishing tell the journalist', async () => {
    const article = await submitted();
    expect(must(await noticesOf(editor.sb, editor.userId, article.id), 'editor').map((n) => n.kind)).toEqual(['submitted']);
    expect(must(await noticesOf(svc, journalist.userId, article.id), 'journalist')).toEqual([]);

    const back = must(await save(editor.sb, article, { status: 'draft', status_note: 'À reprendre' }), 'send back') as DeskArticle;
    const again = must(await save(journalist.sb, back, { status: 'review', status_note: 'Repris' }), 'resubmit') as DeskArticle;
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = must(await save(editor.sb, again, { status: 'scheduled', published_at: at }), 'schedule') as DeskArticle;
    must(await save(editor.sb, scheduled, { status: 'published', status_note: 'Bravo' }), 'publish');
    const kinds = must(await noticesOf(journalist.sb, journalist.userId, article.id), 'journalist reads their notices').map((n) => n.kind);
    expect(kinds.sort()).toEqual(['published', 'scheduled', 'sent_back']);
    expect(must(await noticesOf(editor.sb, editor.userId, article.id), 'editor').map((n) => n.kind)).toEqual(['submitted', 'submitted']);
  });

  it('nobody’s act (the seed, an import, maintenance as the service role) adds no history line and tells nobody', async () => {
    const draft = await write(journalist.sb, categoryId);
    must(await svc.from('articles').update({ status: 'review' }).eq('id', draft.id).select('id'), 'service role submits');
    must(await svc.from('articles').update({ status: 'published' }).eq('id', draft.id).select('id'), 'service role publishes');
    expect(must(await notesOf(svc, draft.id), 'history')).toEqual([]);
    expect(must(await svc.from('notices').select('id').eq('article_id', draft.id), 'notices')).toEqual([]);
  });

  it('each person chooses: a notice turned off is not made; one wanted by e-mail only is made already seen', async () => {
    must(
      await journalist.sb
        .from('notice_settings')
        .upsert({ in_app: ['sent_back'], by_email: ['sent_back', 'scheduled'] })
        .select('user_id'),
      'journalist chooses',
    );
    const article = await submitted();
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = must(await save(editor.sb, article, { status: 'scheduled', published_at: at }), 'schedule') as DeskArticle;
    must(await save(editor.sb, scheduled, { status: 'published' }), 'publish');
    const notices = must(await noticesOf(journalist.sb, journalist.userId, article.id), 'notices');
    expect(notices.map((n) => n.kind)).toEqual(['scheduled']);
    expect(notices[0].read_at).not.toBeNull();
    await journalist.sb.from('notice_settings').delete().eq('user_id', journalist.userId);
    must(await svc.from('notice_settings').delete().eq('user_id', journalist.userId).select('user_id'), 'back to defaults');
  });
});

describe('who reads and writes notes, notices and settings', () => {
  it('a journalist reads neither a colleague’s notes nor their notices; an administrator reads all', async () => {
    const article = await submitted();
    must(await save(editor.sb, article, { status: 'draft', status_note: 'Confidentiel' }), 'send back');
    expect(must(await notesOf(colleague.sb, article.id), 'colleague reads notes')).toEqual([]);
    expect(must(await noticesOf(colleague.sb, journalist.userId, article.id), 'colleague reads notices')).toEqual([]);
    expect(must(await notesOf(editor.sb, article.id), 'editor reads notes')).toHaveLength(2);
    expect(must(await noticesOf(editor.sb, journalist.userId, article.id), 'editor reads the journalist’s notice')).toHaveLength(1);
    const readers = must(await colleague.sb.from('articles').select('latest_note').eq('id', article.id), 'colleague');
    expect(readers).toEqual([]);
  });

  it('nobody writes a note or a notice; each marks only their own notice as seen, and only that', async () => {
    const article = await submitted();
    must(await save(editor.sb, article, { status: 'draft', status_note: 'À revoir' }), 'send back');
    const [mine] = must(await noticesOf(journalist.sb, journalist.userId, article.id), 'the journalist’s notice');
    const [theirs] = must(await noticesOf(editor.sb, editor.userId, article.id), 'the editor’s notice');
    for (const sb of [journalist.sb, editor.sb]) {
      expectDenied(
        await sb.from('article_notes').insert({ article_id: article.id, to_status: 'published', note: 'faux' }),
        'insert a note',
      );
      expectDenied(
        await sb.from('notices').insert({ recipient_id: colleague.userId, article_id: article.id, note_id: 1, kind: 'published' }),
        'insert a notice',
      );
      expectDenied(await sb.from('notices').update({ kind: 'published' }).eq('id', mine.id), 'change a notice’s kind');
    }
    const other = await journalist.sb.from('notices').update({ read_at: new Date().toISOString() }, { count: 'exact' }).eq('id', theirs.id);
    expect(other.count).toBe(0);
    const own = await journalist.sb.from('notices').update({ read_at: new Date().toISOString() }, { count: 'exact' }).eq('id', mine.id);
    expect(own.error).toBeNull();
    expect(own.count).toBe(1);
    const seen = must(await svc.from('notices').select('id, read_at').in('id', [mine.id, theirs.id]).order('id'), 'read back');
    expect(seen.find((n) => n.id === theirs.id)!.read_at).toBeNull();
    expect(seen.find((n) => n.id === mine.id)!.read_at).not.toBeNull();
  });

  it('settings: each member their own; a reader has none to set', async () => {
    must(await colleague.sb.from('notice_settings').upsert({ in_app: [], by_email: [] }).select('user_id'), 'own settings');
    expect(must(await journalist.sb.from('notice_settings').select('user_id').eq('user_id', colleague.userId), 'read another’s')).toEqual(
      [],
    );
    const hijack = await journalist.sb
      .from('notice_settings')
      .update({ by_email: ['published'] }, { count: 'exact' })
      .eq('user_id', colleague.userId);
    expect(hijack.count).toBe(0);
    expectDenied(await journalist.sb.from('notice_settings').insert({ user_id: colleague.userId, in_app: [] }), 'set another’s');
    const reader = await signIn('reader');
    expectDenied(await reader.sb.from('notice_settings').insert({ in_app: [] }), 'a reader sets notices');
    await svc.from('notice_settings').delete().eq('user_id', colleague.userId);
  });
});

describe('notices by e-mail', () => {
  it('the sender mails each notice once through the newsletter’s transport, with the note and a link to the article', async () => {
    const article = await submitted('Merci de relire avant midi.');
    const db = senderDb(inject('apiUrl'), inject('serviceRoleKey'));
    // The queue is the shard's: mails of other tests' submissions are left out of this drain (one connection each).
    const pg = await postgresDb();
    await pg.query(
      `update private.notice_mails set status = 'failed', error = 'not this test''s'
       where status = 'queued' and notice_id not in (select id from public.notices where article_id = $1)`,
      [article.id],
    );
    await pg.end();
    const sender = { name: 'Afrique Actu', address: 'redaction@afriqueactu.test', origin: 'https://afriqueactu.test' };
    await drainNoticeMails(db, smtpTransport(`smtp://127.0.0.1:${inbox.smtpPort}`), sender);
    const mails = (await mailsTo(inbox.url, editor.email)).filter((m) => m.Subject.includes(article.title));
    expect(mails).toHaveLength(1);
    expect(mails[0].Subject).toBe(`À relire : ${article.title}`);
    expect(mails[0].Text).toContain('Merci de relire avant midi.');
    expect(mails[0].Text).toContain(`https://afriqueactu.test/admin/articles/${article.id}`);
    // Nothing left to send for it: a second run sends no copy.
    await drainNoticeMails(db, smtpTransport(`smtp://127.0.0.1:${inbox.smtpPort}`), sender);
    expect((await mailsTo(inbox.url, editor.email)).filter((m) => m.Subject.includes(article.title))).toHaveLength(1);
    // The journalist who submitted gets no mail about their own submission.
    expect((await mailsTo(inbox.url, journalist.email)).filter((m) => m.Subject.includes(article.title))).toEqual([]);
  });
});
