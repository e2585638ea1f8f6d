// Debian's varnishd in front of a site server, with the shipped VCL (deploy/varnish/default.vcl):
// for `npm run edge`, the integration tests through the edge and bench:spike.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@afriqueactu/supabase-local';

export const SHIPPED_VCL = path.join(import.meta.dirname, '../../deploy/varnish/default.vcl');
export const VARNISH_MISSING = 'varnishd introuvable : apt-get install -y varnish';

/** What a caller asks for when varnishd is not installed: the install line, nothing else to read. */
export class VarnishMissingError extends Error {
  constructor() {
    super(VARNISH_MISSING);
  }
}

/**
 * varnishd's path: `VARNISHD` when set, else the first on PATH or in the sbin folders Debian puts it
 * in (often not on a non-root PATH); null when there is none.
 */
export function findVarnishd(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.VARNISHD) return fs.existsSync(env.VARNISHD) ? env.VARNISHD : null;
  const folders = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const folder of folders.filter(Boolean)) {
    const candidate = path.join(folder, 'varnishd');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not there.
    }
  }
  return null;
}

/** The VCL's address literal: an IPv4/IPv6 address or a CIDR range, nothing that could end the string. */
const ADDRESS = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;

/**
 * The shipped VCL with this origin and these purge sources in place of its defaults (127.0.0.1:3000,
 * purges from 127.0.0.1). `purgeFrom` entries are addresses or ranges (`10.0.0.0/8`).
 */
export function edgeVcl(vcl: string, options: { originHost?: string; originPort: number; purgeFrom?: string[] }): string {
  const purgeFrom = options.purgeFrom ?? ['127.0.0.1'];
  for (const address of [options.originHost ?? '127.0.0.1', ...purgeFrom])
    if (!ADDRESS.test(address)) throw new Error(`Not an IP address or range for the edge's VCL: ${JSON.stringify(address)}`);
  const acl = purgeFrom
    .map((address) => {
      const [ip, bits] = address.split('/');
      return `    "${ip}"${bits ? `/${bits}` : ''};`;
    })
    .join('\n');
  const replaced = { host: false, port: false, acl: false };
  const out = vcl
    .replace(
      /^(backend origin \{[^]*?\.host = )"[^"]*";/m,
      (_, head: string) => ((replaced.host = true), `${head}"${options.originHost ?? '127.0.0.1'}";`),
    )
    .replace(
      /^(backend origin \{[^]*?\.port = )"[^"]*";/m,
      (_, head: string) => ((replaced.port = true), `${head}"${options.originPort}";`),
    )
    .replace(/^acl purgers \{[^}]*\}/m, () => ((replaced.acl = true), `acl purgers {\n${acl}\n}`));
  const missing = Object.entries(replaced).filter(([, done]) => !done);
  if (missing.length) throw new Error(`The VCL has no ${missing.map(([what]) => what).join(', ')} to set (backend origin / acl purgers)`);
  return out;
}

export interface RunningEdge {
  url: string;
  port: number;
  /** Stops varnishd (and its cache process) and removes its working folder. */
  stop: () => Promise<void>;
}

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * varnishd in the foreground (-F) on `port` (default: a free one) in front of the site server on
 * `originPort`, with the shipped VCL (or `vcl`'s text) and its working folder (-n) in a temp folder.
 * `purgeFrom`: who may BAN/PURGE (default 127.0.0.1); `params`: varnishd's run-time parameters (-p). `output`: where varnishd's own lines go
 * (default: kept, and shown only if it fails to start). A varnishd left running when this process
 * exits without stop() (an uncaught error, process.exit) is sent SIGTERM on the way out.
 */
export async function startEdge(options: {
  originPort: number;
  port?: number;
  purgeFrom?: string[];
  vcl?: string;
  params?: Record<string, string>;
  output?: 'inherit';
}): Promise<RunningEdge> {
  const varnishd = findVarnishd();
  if (!varnishd) throw new VarnishMissingError();
  const port = options.port ?? (await freePort());
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-varnish-'));
  // varnishd drops root for its own user, which must read the VCL and write its working folder.
  fs.chmodSync(workDir, 0o755);
  const vclFile = path.join(workDir, 'default.vcl');
  fs.writeFileSync(
    vclFile,
    edgeVcl(options.vcl ?? fs.readFileSync(SHIPPED_VCL, 'utf8'), { originPort: options.originPort, purgeFrom: options.purgeFrom }),
  );
  const args = ['-F', '-f', vclFile, '-a', `127.0.0.1:${port}`, '-n', path.join(workDir, 'varnish'), '-s', 'malloc,256m'];
  // No management port: nothing here drives varnishadm.
  args.push('-T', 'none');
  for (const [name, value] of Object.entries(options.params ?? {})) args.push('-p', `${name}=${value}`);
  const child = spawn(varnishd, args, { stdio: ['ignore', options.output ?? 'pipe', options.output ?? 'pipe'] });
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onExit = () => child.exitCode === null && child.kill('SIGTERM');
  process.on('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not start on 127.0.0.1:${port}${said ? `:\n${said.trim()}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, port, stop };
}
