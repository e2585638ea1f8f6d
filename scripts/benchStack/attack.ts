// bench:stack's attack figures (issue 12): what an oversized body does to PostgREST's memory, and
// how the server-rendered category page fares while costly anonymous queries hold the database.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildSite, startSite } from '../site.ts';

/** Resident memory (KB) of the PostgREST process this process started. */
export function postgrestRssKb(): number {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').trim();
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
      if (!comm?.startsWith('postgrest') || Number(rest.split(' ')[1]) !== process.pid) continue;
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
    } catch {
      // The process ended while being read.
    }
  }
  return NaN;
}

/** POSTs `mb` megabytes of JSON to a table, streamed without a length (the hardest case to bound). */
export function sendOversizedBody(apiUrl: string, anonKey: string, mb: number): Promise<number> {
  const url = new URL(`${apiUrl}/rest/v1/articles`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve(413) : reject(error),
    );
    const chunk = Buffer.from(`{"title":"${'x'.repeat(1024 * 1024 - 16)}"},`);
    let sent = 0;
    const write = () => {
      while (sent < mb) {
        sent++;
        if (!req.write(sent === 1 ? Buffer.concat([Buffer.from('['), chunk]) : chunk)) return void req.once('drain', write);
      }
      req.end('{}]');
    };
    write();
  });
}

/**
 * A filter PostgreSQL can only answer by backtracking through every article's text (over 5 s
 * here without a limit; anon's statement timeout stops it at 3 s).
 */
export const COSTLY = '/rest/v1/articles?select=id&content=match.' + encodeURIComponent('^(.*)(.*)(.*)\\3\\2\\1$');

/** Loads `page` one after another (200 ms apart) until `deadline`; `stale`: answers the page cache served stale. */
export async function timePage(page: string, deadline: number): Promise<{ samples: number[]; stale: number }> {
  const samples: number[] = [];
  let stale = 0;
  while (performance.now() < deadline) {
    const t = performance.now();
    const res = await fetch(page);
    await res.text();
    samples.push(performance.now() - t);
    if (res.headers.get('x-page-cache') === 'stale') stale++;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { samples, stale };
}

export interface UnderAttack {
  samples: number[];
  stale: number;
  attackRequests: number;
}

/**
 * The production site (built into `dir`) answers the category page, once warm, while `attackers`
 * anonymous clients send COSTLY queries back to back for `durationMs`. `first` runs on the warm
 * page before that (other figures on the same build: readers.ts).
 */
export async function categoryUnderAttack(
  stack: { apiUrl: string; anonKey: string },
  dir: string,
  attackers = 24,
  durationMs = 10_000,
  first?: (page: string) => Promise<void>,
): Promise<UnderAttack> {
  const supabase = { supabaseUrl: stack.apiUrl, anonKey: stack.anonKey };
  await buildSite(path.join(dir, 'site'), supabase);
  const site = await startSite(path.join(dir, 'site'), supabase);
  try {
    const page = `${site.url}/category/politique`;
    await (await fetch(page)).text(); // rendered once, as by any reader before the attack
    await first?.(page);
    const deadline = performance.now() + durationMs;
    let attackRequests = 0;
    const attack = Array.from({ length: attackers }, async () => {
      while (performance.now() < deadline) {
        await fetch(stack.apiUrl + COSTLY, { headers: { apikey: stack.anonKey } })
          .then((r) => r.arrayBuffer())
          .catch(() => {});
        attackRequests++;
      }
    });
    await new Promise((r) => setTimeout(r, 500)); // let the attack take hold of the database
    const timed = await timePage(page, deadline);
    await Promise.all(attack);
    return { ...timed, attackRequests };
  } finally {
    await site.stop();
  }
}
