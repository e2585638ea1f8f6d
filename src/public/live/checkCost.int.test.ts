import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient } from '@afriqueactu/supabase-local/testing';
import { liveDeltaPath, type LiveDelta } from '@/lib/live';
import { must, uid, withFixtures } from '../../../supabase/tests/helpers';
import { startTestSite } from '../../../tests/integration/site';

// What « Vérifier les nouveautés » costs a reader on a metered phone, counted on the socket as the
// site's real handler answers it (status line, headers and body, compression asked for as a
// browser asks): an empty check at most 1 KB (design.md §7), a check with one entry a little more.
// Since the delta answer goes without the page-only headers (Content-Security-Policy and the
// rest, meaningless on JSON read by fetch()), an empty check is about 680 bytes; it was 1,250.

const ctx = withFixtures();
let site: Awaited<ReturnType<typeof startTestSite>>;
let live: { id: string; slug: string };

beforeAll(async () => {
  site = await startTestSite();
  const token = uid();
  live = must(
    await ctx.who.admin.sb
      .from('articles')
      .insert({
        slug: `direct-cout-${token}`,
        title: `Direct ${token}`,
        content: 'Suivez la soirée.',
        status: 'published',
        format: 'live',
        category_id: ctx.f.category.id,
      })
      .select('id, slug')
      .single(),
    'admin creates a live article',
  );
});
afterAll(async () => {
  if (live) await serviceClient().from('articles').delete().eq('id', live.id);
  await site?.close();
});

/** GET `path` on a connection of its own: the bytes the reader's phone received, and the answer. */
function onTheWire(path: string): Promise<{ bytes: number; status: number; body: string; head: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${site.url}${path}`,
      { agent: false, headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            bytes: req.socket!.bytesRead,
            status: res.statusCode!,
            body: Buffer.concat(chunks).toString('utf8'),
            head: res.rawHeaders.join('\n'),
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

const revisionOf = async () =>
  must(await ctx.who.admin.sb.from('live_coverages').select('revision').eq('article_id', live.id).single(), 'the coverage')
    .revision as number;

let empty: Awaited<ReturnType<typeof onTheWire>>;
let withEntry: Awaited<ReturnType<typeof onTheWire>>;

describe('what a live check costs on the wire', () => {
  beforeAll(async () => {
    must(
      await ctx.who.admin.sb.rpc('live_post', { p_id: randomUUID(), p_article_id: live.id, p_body: 'Ouverture des bureaux de vote.' }),
      'an entry',
    );
    const before = await revisionOf();
    must(
      await ctx.who.admin.sb.rpc('live_post', {
        p_id: randomUUID(),
        p_article_id: live.id,
        p_body: 'Premiers résultats : 61 % de participation.',
      }),
      'a second entry',
    );
    const now = await revisionOf();
    withEntry = await onTheWire(liveDeltaPath(live.slug, before));
    empty = await onTheWire(liveDeltaPath(live.slug, now));
    console.log(
      `a live check on the wire: empty ${empty.bytes} bytes (JSON ${empty.body.length}), with one entry ${withEntry.bytes} bytes`,
    );
  });

  it('a check brings what changed; an empty one is a few dozen bytes of JSON beside its headers', () => {
    expect(withEntry.status).toBe(200);
    expect((JSON.parse(withEntry.body) as LiveDelta).entries).toHaveLength(1);
    expect(empty.status).toBe(200);
    expect(JSON.parse(empty.body)).toMatchObject({ entries: [], reload: false });
    expect(empty.body.length).toBeLessThan(256);
    expect(withEntry.bytes).toBeGreaterThan(empty.bytes);
  });

  it('an empty check costs at most 1 KB, headers included', () => {
    expect(empty.bytes).toBeLessThanOrEqual(1024);
  });
});
