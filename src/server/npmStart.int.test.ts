import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSite } from '../../scripts/site';
import { PAGE_CACHE_APPLICATION } from './directContentVersion';
import { ANON_KEY, assertPortFree, freePort, isRunning, processInfo } from '@afriqueactu/supabase-local';
import { PROJECT_ROOT } from '../../scripts/localStack.ts';
import {
  clientFrom,
  JOB_SIGNALS,
  kill,
  lastMailTo,
  postgresDb,
  serviceClient,
  startNpmJob,
  uniqueEmail,
  untilPrinted,
  type NpmJob,
} from '@afriqueactu/supabase-local/testing';

/**
 * `npm start` as a supervisor or a terminal runs it: npm in its own process group (a shell's job),
 * with the project's own start script, signalled each way; the server is found by pid and must be
 * gone, its port free. The site is built once, against an API nobody answers (the signals need none).
 */
let dir: string;
const started: { npm: number; server: number }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  const project = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    type: string;
    scripts: { start: string };
  };
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'npm-start-probe', private: true, type: project.type, scripts: { start: project.scripts.start } }),
  );
  // No reader loads its files: no .br and .gz copies to make (about 6 CPU-s).
  await buildSite(path.join(dir, 'dist'), { supabaseUrl: 'http://127.0.0.1:9', anonKey: ANON_KEY }, { precompress: false });
}, 300_000);

afterEach(() => {
  for (const run of started.splice(0)) for (const pid of [run.npm, run.server]) kill(pid, 'SIGKILL');
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The site's node process among npm's process group. */
function serverPid(group: number): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    const info = /^\d+$/.test(entry) ? processInfo(Number(entry)) : null;
    if (info?.pgid === group && info.args.includes('dist/server/main.js') && info.args.startsWith('node')) return info.pid;
  }
  return undefined;
}

async function launch(port: number, env: NodeJS.ProcessEnv = {}): Promise<NpmJob & { server: number }> {
  const job = startNpmJob(['start'], {
    cwd: dir,
    env: { PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}`, ...env },
  });
  await untilPrinted(job, 'Afrique Actu sur', { timeout: 30_000, interval: 100 });
  const server = serverPid(job.child.pid!);
  expect(server, job.output()).toBeDefined();
  started.push({ npm: job.child.pid!, server: server! });
  return { ...job, server: server! };
}

/** A page request left open on a keep-alive connection, which a careless close() waits for forever. */
async function keepAliveRequest(port: number, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/robots.txt', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('npm start, signalled', () => {
  it.each(JOB_SIGNALS)(
    'on %s to the %s (%s), the server stops, frees its port and npm exits',
    async (signal, target, _as) => {
      const port = await freePort();
      const run = await launch(port);
      const agent = new http.Agent({ keepAlive: true });
      expect(await keepAliveRequest(port, agent)).toBe(200);
      process.kill(target === 'group' ? -run.child.pid! : run.child.pid!, signal);
      await expect.poll(() => isRunning(run.server), { timeout: 10_000, interval: 50 }).toBe(false);
      await run.exited;
      agent.destroy();
      await assertPortFree(port, 'site');
      // The server closed itself (exit 0), rather than dying of the signal with its requests.
      if (target === 'group' || signal !== 'SIGHUP') expect(run.output()).toContain(`Afrique Actu s’arrête (${signal}).`);
      else expect(run.output()).toContain('Afrique Actu s’arrête (npm, qui l’a lancé, s’est arrêté).');
    },
    60_000,
  );
});

/**
 * What `npm start` finds beside the shared stack as if `npm run stack` had started it on its ports
 * (SUPABASE_LOCAL_*): the ports and its API's address, nothing else set (no page-cache connection,
 * no service role key, no SMTP_URL).
 */
function besideTheStack(): NodeJS.ProcessEnv {
  const api = new URL(inject('apiUrl'));
  return {
    VITE_SUPABASE_URL: api.origin,
    SUPABASE_LOCAL_API_PORT: api.port,
    SUPABASE_LOCAL_DB_PORT: new URL(inject('dbUrl')).port,
    SUPABASE_LOCAL_INBOX_PORT: new URL(inject('inboxUrl')).port,
    SUPABASE_LOCAL_SMTP_PORT: new URL(inject('smtpUrl')).port,
    PAGE_CACHE_DATABASE_URL: undefined,
    SUPABASE_SERVICE_ROLE_KEY: undefined,
    SMTP_URL: undefined,
  };
}

describe('npm start against the local stack', () => {
  it('proves its kept pages over the stack’s own Postgres with nothing set', async () => {
    const database = new URL(inject('dbUrl'));
    const run = await launch(await freePort(), besideTheStack());
    expect(run.output()).toContain(`pages gardées vérifiées par Postgres sur 127.0.0.1:${database.port}`);
    expect(run.output(), 'no password in the log').not.toContain(`:${database.password}@`);
    // Its own connection reads the content version (directContentVersion.ts names it).
    const db = await postgresDb();
    try {
      const readers = async () =>
        Number(
          // This server's own (another server of the worker may have left one under the name).
          (
            await db.query<{ n: string }>('select count(*) as n from pg_stat_activity where application_name = $1', [
              `${PAGE_CACHE_APPLICATION} ${run.server}`,
            ])
          ).rows[0].n,
        );
      await expect.poll(readers, { timeout: 10_000, interval: 200 }).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  }, 60_000);

  it('sends the newsletter’s confirmation into the stack’s inbox with nothing set, and says where in its banner', async () => {
    const inbox = new URL(inject('inboxUrl'));
    // No key, no SMTP_URL: npm start finds the stack's. The scheduler's first look is at start-up,
    // then every 15 s, which a test need not wait for.
    const run = await launch(await freePort(), { ...besideTheStack(), NEWSLETTER_TICK_MS: '300' });
    const banner = run.output();
    expect(banner).toContain('Newsletter       envoi activé');
    expect(banner).toContain('Alertes push     envoi activé');
    expect(banner).toContain(`Boîte locale     http://127.0.0.1:${inbox.port}  (pile locale`);
    expect(banner).toMatch(/Back office {6}http:\/\/127\.0\.0\.1:\d+\/admin/);
    const email = uniqueEmail('npmstart');
    expect((await clientFrom('127.0.31.1').rpc('subscribe_newsletter', { p_email: email })).error).toBeNull();
    const mail = await lastMailTo(inject('inboxUrl'), email);
    expect(mail.Subject).toContain('Confirmez votre inscription');
    await serviceClient().from('newsletter_subscribers').delete().eq('email', email);
  }, 60_000);

  it('never sends with the stack’s demo key against another project', async () => {
    // An API elsewhere (nobody answers there): nothing set, nothing sent, and the banner says so.
    const run = await launch(await freePort(), {
      VITE_SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_SERVICE_ROLE_KEY: undefined,
      SMTP_URL: undefined,
    });
    expect(run.output()).toContain('Newsletter       aucun envoi');
    expect(run.output()).toContain('Alertes push     aucun envoi');
    expect(run.output()).not.toContain('Boîte locale');
  }, 60_000);
});
