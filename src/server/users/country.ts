import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { open, type Reader, type Response } from 'maxmind';

/**
 * The country of an address, from an offline database shipped in an npm package
 * (@ip-location-db/geo-whois-asn-country-mmdb: RIR delegations, GeoFeed and ASN data; the data
 * CC BY 4.0 by the NRO). No network call; each address family's file is read once, on first use.
 */
type CountryRecord = Response & { country_code?: string };

/**
 * Addresses that belong to no country (private, loopback, link-local, shared, reserved): the
 * database has rows for some of them (192.168.0.0/16 reads as Australia), so they are told apart
 * here, before any lookup.
 */
const NO_COUNTRY = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  // Documentation (RFC 5737): never a reader's address, though whois data places them.
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['240.0.0.0', 4],
] as const)
  NO_COUNTRY.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  // Documentation (RFC 3849).
  ['2001:db8::', 32],
] as const)
  NO_COUNTRY.addSubnet(net, prefix, 'ipv6');

const require = createRequire(import.meta.url);
const FILES = {
  4: '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv4.mmdb',
  6: '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country-ipv6.mmdb',
} as const;
const readers = new Map<4 | 6, Promise<Reader<CountryRecord>>>();

function reader(family: 4 | 6): Promise<Reader<CountryRecord>> {
  let r = readers.get(family);
  if (!r) {
    r = open<CountryRecord>(require.resolve(FILES[family]), { watchForUpdates: false });
    // A failed read is tried again next time rather than kept.
    r.catch(() => readers.delete(family));
    readers.set(family, r);
  }
  return r;
}

/** ISO 3166-1 alpha-2 (upper case), or null: unknown, private, loopback, or not an address. */
export async function countryOf(ip: string): Promise<string | null> {
  // An IPv4 client seen through an IPv6 socket.
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  if (NO_COUNTRY.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
  const code = (await reader(family)).get(address)?.country_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
