// bench:scale's flood phase (issue 24's last target): the reader pages at scale, requested one after
// another while 24 anonymous and 24 signed-in clients (a reader token: anyone may sign up) send the
// costliest filter they can. The figure: every page still answers — no 5xx, no time-out — though
// the attackers' statements hold PostgREST's pool (each stops at its role's 3 s timeout, and
// another takes its place): kept pages go out, proven current over the server's own Postgres
// connection (PAGE_CACHE_DATABASE_URL, src/server/directContentVersion.ts).
import { COSTLY } from '../benchStack/attack.ts';
import { readerToken } from '../benchStack/readers.ts';
import type { Target } from './pages.ts';
import { timedGet, type Sample } from './timing.ts';

/** Attack loops of each kind: anonymous, and signed in as a reader. */
export const FLOOD_LOOPS = 24;
const FLOOD_MS = 30_000;

export interface FloodAttack {
  requests: number;
  /** Cut by the database's statement timeout (SQLSTATE 57014 in the answer). */
  cut: number;
}

export interface FloodResult {
  pages: { name: string; samples: Sample[] }[];
  anon: FloodAttack;
  reader: FloodAttack;
}

function attackLoop(url: string, headers: Record<string, string>, deadline: number, tally: FloodAttack): Promise<void> {
  return (async () => {
    while (performance.now() < deadline) {
      const body = await fetch(url, { headers })
        .then((res) => res.text())
        .catch(() => '');
      tally.requests++;
      if (body.includes('57014')) tally.cut++;
    }
  })();
}

/** The pages in turn, for FLOOD_MS, under FLOOD_LOOPS anonymous and FLOOD_LOOPS reader loops of COSTLY. */
export async function pagesUnderFlood(
  stack: { apiUrl: string; anonKey: string },
  siteUrl: string,
  targets: Target[],
  timeoutMs: number,
): Promise<FloodResult> {
  const token = await readerToken(stack);
  const deadline = performance.now() + FLOOD_MS;
  const anon: FloodAttack = { requests: 0, cut: 0 };
  const reader: FloodAttack = { requests: 0, cut: 0 };
  const url = stack.apiUrl + COSTLY;
  const loops = [
    ...Array.from({ length: FLOOD_LOOPS }, () => attackLoop(url, { apikey: stack.anonKey }, deadline, anon)),
    ...Array.from({ length: FLOOD_LOOPS }, () =>
      attackLoop(url, { apikey: stack.anonKey, authorization: `Bearer ${token}` }, deadline, reader),
    ),
  ];
  await new Promise((r) => setTimeout(r, 1000)); // let the flood take hold of the database
  const pages = targets.map((t) => ({ name: t.name, samples: [] as Sample[] }));
  for (let i = 0; performance.now() < deadline; i = (i + 1) % targets.length) {
    pages[i].samples.push(await timedGet(siteUrl + targets[i].path, {}, timeoutMs));
  }
  await Promise.all(loops);
  return { pages, anon, reader };
}
