import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedUpClient } from '../local/tests/clients.ts';
import { createFixtures, expectDenied, must, removeFixtures, sessions, type Fixtures, type Role, type Session } from './helpers.ts';
import { countMatching, deleteMatching, deleteTarget, KEY, probes, readBack, TABLES, type Probe, type Table } from './probes.ts';

/**
 * What each caller may do to each table of schema public, through the REST API.
 *   A allowed — the operation happens (row returned, inserted, changed or deleted)
 *   D denied  — the database refuses with 42501 (a missing grant, or an insert policy)
 *   H hidden  — no error, but RLS filters the row out silently: nothing returned, 0 rows affected
 * The row aimed at is the sensitive one (see probes.ts): a draft (or its old address, revision or
 * correction), someone else's profile or role.
 */
const MATRIX: Record<Table, Record<Role, string>> = {
  //                select insert update delete, per role
  categories: /*     */ { anon: 'A D D D', reader: 'A D H H', admin: 'A A A A' },
  articles: /*       */ { anon: 'H D D D', reader: 'H D H H', admin: 'A A A A' },
  article_images: /* */ { anon: 'H D D D', reader: 'H D D H', admin: 'A A D A' }, // images are never edited, only replaced
  profiles: /*       */ { anon: 'H D D D', reader: 'H D H D', admin: 'A D H D' }, // profiles come from the sign-up trigger only
  user_roles: /*     */ { anon: 'D D D D', reader: 'H D H H', admin: 'A A A A' },
  page_views: /*     */ { anon: 'D D D D', reader: 'H D D D', admin: 'A D D D' }, // written only by record_page_view
  article_views: /*  */ { anon: 'D D D D', reader: 'H D D D', admin: 'A D D D' }, // written only by record_article_view
  article_view_counts: { anon: 'D D D D', reader: 'H D D D', admin: 'A D D D' }, // idem; read as articles.view_count
  article_slugs: /*  */ { anon: 'H D D D', reader: 'H D D D', admin: 'A D D D' }, // written only by the remember_slug trigger
  article_revisions: { anon: 'D D D D', reader: 'H D D D', admin: 'A D D D' }, // written only by the record_revision trigger
  article_corrections: { anon: 'H D D D', reader: 'H D H H', admin: 'A A A A' }, // an admin corrects public articles only
};

const OPS = ['select', 'insert', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];
const OUTCOME = { A: 'allowed', D: 'denied', H: 'hidden' } as const;
type Outcome = (typeof OUTCOME)[keyof typeof OUTCOME];

const CELLS: [Table, Role, Op, Outcome][] = TABLES.flatMap((table) =>
  (['anon', 'reader', 'admin'] as const).flatMap((role) =>
    OPS.map((op, i): [Table, Role, Op, Outcome] => [table, role, op, OUTCOME[MATRIX[table][role].split(' ')[i] as keyof typeof OUTCOME]]),
  ),
);

let who: Record<Role, Session>;
let fixtures: Fixtures;
let table: Record<Table, Probe>;

beforeAll(async () => {
  who = await sessions();
  fixtures = await createFixtures(who.admin.sb);
  const victim = await signedUpClient('Victime');
  const profile = must(await serviceClient().from('profiles').select('id').eq('user_id', victim.userId).single(), 'victim profile');
  table = probes({ f: fixtures, victimId: victim.userId, victimProfileId: profile.id });
});

afterAll(async () => {
  await removeFixtures(fixtures);
});

describe('RLS matrix: every public table × anon/reader/admin × select/insert/update/delete', () => {
  it('covers 11 tables × 3 roles × 4 operations', () => {
    expect(CELLS).toHaveLength(132);
  });

  it.each(CELLS)('%s: %s may %s → %s', async (name, role, op, outcome) => {
    const probe = table[name];
    const sb = who[role].sb;
    const what = `${role} ${op} on ${name} (${probe.row})`;

    if (op === 'insert') {
      const values = probe.values();
      const before = await countMatching(name, values);
      const res = await sb.from(name).insert(values);
      const added = (await countMatching(name, values)) - before;
      if (outcome === 'allowed') {
        expect(res.error, `${what} should succeed: ${res.error?.message}`).toBeNull();
        expect(added, `${what} should add exactly one row`).toBe(1);
        await deleteMatching(name, values);
      } else {
        expectDenied(res, what);
        expect(added, `${what} was refused, yet a row was added`).toBe(0);
      }
      await probe.reset?.('');
      return;
    }

    const id = await probe.target();
    try {
      const before = await readBack(name, id);
      if (op === 'select') {
        const res = await sb.from(name).select(probe.columns).eq(KEY(name), id);
        if (outcome === 'denied') return expectDenied(res, what);
        expect(res.error, `${what} should not error: ${res.error?.message}`).toBeNull();
        expect(res.data, `${what} should ${outcome === 'allowed' ? 'return the row' : 'return no row'}`).toHaveLength(
          outcome === 'allowed' ? 1 : 0,
        );
        return;
      }
      const res =
        op === 'update'
          ? await sb.from(name).update(probe.patch, { count: 'exact' }).eq(KEY(name), id)
          : await sb.from(name).delete({ count: 'exact' }).eq(KEY(name), id);
      const after = await readBack(name, id);
      const changed = op === 'delete' ? after === null : Object.entries(probe.patch).every(([k, v]) => after?.[k] === v);
      if (outcome === 'denied') expectDenied(res, what);
      else {
        expect(res.error, `${what} should not error: ${res.error?.message}`).toBeNull();
        expect(res.count, `${what} should affect ${outcome === 'allowed' ? 1 : 0} row(s)`).toBe(outcome === 'allowed' ? 1 : 0);
      }
      expect(changed, `${what}: the row was ${changed ? '' : 'not '}${op === 'delete' ? 'deleted' : 'changed'}`).toBe(
        outcome === 'allowed',
      );
      if (outcome !== 'allowed') expect(after, `${what} must leave the row as it was`).toEqual(before);
    } finally {
      if (probe.reset) await probe.reset(id);
      else await deleteTarget(name, id);
    }
  });
});
