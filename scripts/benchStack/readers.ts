// bench:stack's reader-flood figure (issue 29): anyone may sign up, so a free reader token is what an
// attacker has. The category page is timed quiet, then while 12 reader-token loops send costly
// regex filters, in one run on one site: a reader's statements stop at anon's 3 s (the
// db-pre-request of 20261208090100_reader_statement_timeout.sql), a newsroom member's at 8 s.
import { COSTLY, timePage } from './attack.ts';

export const READER_LOOPS = 12;
const PHASE_MS = 10_000;

export interface PagePhase {
  samples: number[];
  stale: number;
  /** Costly requests sent, and how many the database cut with its statement timeout (57014). */
  attackRequests: number;
  cut: number;
}

export interface ReaderFlood {
  quiet: PagePhase;
  readers: PagePhase;
}

/** A new reader account's access token, signed up as anyone can (local sign-ups are confirmed at once). */
export async function readerToken(stack: { apiUrl: string; anonKey: string }): Promise<string> {
  const res = await fetch(`${stack.apiUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `banc-${Date.now()}@example.test`,
      password: 'banc-lecteur-123',
      data: { full_name: 'Lecteur du banc' },
    }),
  });
  const body = (await res.json()) as { access_token?: string; msg?: string };
  if (!body.access_token) throw new Error(`bench: a reader could not sign up (${res.status} ${body.msg ?? ''})`);
  return body.access_token;
}

/** The category page (already rendered once) quiet, then under READER_LOOPS reader-token loops of COSTLY. */
export async function categoryUnderReaders(stack: { apiUrl: string; anonKey: string }, page: string): Promise<ReaderFlood> {
  const quiet = { ...(await timePage(page, performance.now() + PHASE_MS)), attackRequests: 0, cut: 0 };
  const token = await readerToken(stack);
  const deadline = performance.now() + PHASE_MS;
  let attackRequests = 0;
  let cut = 0;
  const loops = Array.from({ length: READER_LOOPS }, async () => {
    while (performance.now() < deadline) {
      const res = await fetch(stack.apiUrl + COSTLY, { headers: { apikey: stack.anonKey, authorization: `Bearer ${token}` } }).catch(
        () => null,
      );
      const body = res ? await res.text() : '';
      attackRequests++;
      if (body.includes('57014')) cut++;
    }
  });
  await new Promise((r) => setTimeout(r, 500)); // let the flood take hold of the database
  const timed = await timePage(page, deadline);
  await Promise.all(loops);
  return { quiet, readers: { ...timed, attackRequests, cut } };
}
