import { lookup as systemLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where a push request may connect. An endpoint names its push service by DNS name (endpoint.ts),
 * but a name can lead anywhere: to the cloud's metadata service, to the newsroom's own network.
 * The sender resolves the name when it connects (the `lookup` of its request, so the address
 * checked is the one connected to: no second resolution to rebind) and refuses any address that is
 * not public: private, loopback, link-local, shared, documentation, multicast, reserved. Loopback
 * is allowed outside production only, where the tests' push service and npm run dev's run.
 */

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), loopback apart. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['169.254.0.0', 16], // link-local, the cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const PRIVATE_V6: [string, number][] = [
  ['::', 96], // "::" itself, and IPv4-compatible (::10.0.0.1, deprecated), ::1 apart (loopback)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['2002::', 16], // 6to4: an IPv4 address inside (2002:0a00:0001::)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const notPublic = new BlockList();
for (const [net, prefix] of PRIVATE_V4) {
  notPublic.addSubnet(net, prefix, 'ipv4');
  // The same IPv4 address through well-known NAT64 (64:ff9b::/96). IPv4-mapped IPv6
  // (::ffff:10.0.0.1) BlockList matches against the IPv4 rules itself.
  notPublic.addSubnet(`64:ff9b::${net}`, 96 + prefix, 'ipv6');
}
for (const [net, prefix] of PRIVATE_V6) notPublic.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('64:ff9b::127.0.0.0', 104, 'ipv6');

/** Whether a push request may connect to this IP address. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  const type = version === 4 ? 'ipv4' : 'ipv6';
  if (loopback.check(address, type)) return allowLoopback;
  return !notPublic.check(address, type);
}

/** An error the sender tells from a network failure: the address is refused, retrying changes nothing. */
export const ADDRESS_REFUSED = 'EPUSHADDRESS';

/** The resolver a guarded lookup asks: the system's, or a test's own. */
export type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolve = (hostname, options, callback) => systemLookup(hostname, options, callback);

/**
 * A `lookup` for net/tls connections: resolves the name (every address it has), refuses it when
 * any address is not allowed (a name answering one public and one private address could be
 * made to connect to either), and otherwise answers as Node's own lookup does.
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const refused = addresses.find((a) => !addressAllowed(a.address, allowLoopback));
      if (refused || addresses.length === 0) {
        const why = `adresse refusée : ${hostname} → ${refused?.address ?? 'aucune adresse'}`;
        return callback(Object.assign(new Error(why), { code: ADDRESS_REFUSED }), '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
