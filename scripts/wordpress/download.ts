import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * A picture fetched at its old address, never from this machine's network: the export is
 * whoever wrote it, and an address to `127.0.0.1`, `10.0.0.5` or a cloud's metadata service
 * (`169.254.169.254`) would otherwise become a published picture. A name is resolved first, every
 * address it gives must be public, and the connection goes to the address checked (the name is
 * not resolved again, so it cannot answer a public address to the check and a private one to the
 * fetch). Each redirect is checked the same way.
 */

export interface DownloadOptions {
  /**
   * UNSAFE, tests only: lets a test's own image server on 127.0.0.1 answer. Never set by the
   * command (no option nor variable reaches it).
   */
  allowPrivateAddresses?: boolean;
  /** The resolver (tests); dns.lookup by default. */
  lookup?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

const TIMEOUT_MS = 20_000;
const MAX_REDIRECTS = 5;
/** An original upload larger than this is not a picture an article needs (the master is 5 MB at most). */
export const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** Ranges that are not the public Internet: this machine, its networks, and addresses that name none. */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a gateway
  ['64:ff9b:1::', 48], // local-use NAT64: likewise, inside a network
  ['2001::', 32], // Teredo: an IPv4 address (and its NAT) tunnelled
  ['2002::', 16], // 6to4: likewise
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');

/** `::ffff:a.b.c.d` in any spelling (`::ffff:7f00:1` too): its IPv4 address, else null. */
function mappedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups || groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 read as two). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const b = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const start = part(head);
  const end = part(tail);
  const groups = tail === undefined ? start : [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** Whether an IP address is on the public Internet (IPv4-mapped IPv6 judged by its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = mappedIpv4(address);
  if (v4) return isPublicAddress(v4);
  // IPv4-translated `::ffff:0:a.b.c.d` (SIIT), an address behind a translator: tested here, as
  // BlockList reads a `::ffff:0:0/96` rule as IPv4-mapped and would then refuse every IPv4 address.
  const groups = expandIpv6(address);
  if (groups && groups.slice(0, 4).every((g) => g === 0) && groups[4] === 0xffff && groups[5] === 0) return false;
  return !NOT_PUBLIC.check(address, 'ipv6');
}

const systemLookup = async (hostname: string) => dns.lookup(hostname, { all: true, verbatim: true });

type Address = { address: string; family: number };

/** The addresses to connect to for `url`'s host, or null when one is not public (or it does not resolve). */
async function checkedAddresses(url: URL, options: DownloadOptions): Promise<Address[] | null> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await (options.lookup ?? systemLookup)(host).catch(() => []);
  if (!addresses.length) return null;
  if (!options.allowPrivateAddresses && !addresses.every((a) => isPublicAddress(a.address))) return null;
  return addresses;
}

/** One request to the checked addresses (Host and TLS name still the URL's): the response, or a redirect's next URL. */
function request(url: URL, targets: Address[]): Promise<Buffer | URL | null> {
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(
      url,
      {
        // The addresses already checked, and only those: Node does not resolve the name again. With
        // `all` (autoSelectFamily, Node's default) it tries each in turn, so a host whose first
        // address does not answer is still reached at the next.
        lookup: ((_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          opts.all ? callback(null, targets) : callback(null, targets[0].address, targets[0].family)) as never,
        // A connection of its own (no pool: no socket opened for another check is reused), and the
        // whole exchange within the time, however slowly the bytes come.
        agent: false,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { 'user-agent': 'AfriqueActu WordPress import' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve(URL.canParse(res.headers.location, url) ? new URL(res.headers.location, url) : null);
        }
        if (status !== 200 || Number(res.headers['content-length'] ?? 0) > MAX_DOWNLOAD_BYTES) {
          res.destroy();
          return resolve(null);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_DOWNLOAD_BYTES) {
            res.destroy();
            resolve(null);
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        // Cut short (the time is up, the server went): nothing, as the first answer wins.
        res.on('error', () => resolve(null));
        res.on('close', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
  });
}

/** The bytes at `address` (http or https, on a public address, redirects followed and checked), or null. */
export async function downloadPicture(address: string, options: DownloadOptions = {}): Promise<Buffer | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const targets = await checkedAddresses(url, options);
    if (!targets) return null;
    const answer = await request(url, targets);
    if (!(answer instanceof URL)) return answer;
    url = answer;
  }
  return null;
}
