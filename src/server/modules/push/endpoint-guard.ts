import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The server posts to the push endpoints browsers give it, so an endpoint must not be a way to
 * reach our own network (issue 52): `https:` on public addresses only, except hosts the operator
 * lists in PUSH_ALLOW_HTTP_HOSTS (a local push stand-in in tests). The address is checked when the
 * subscription is kept (literal addresses, names such as localhost) and again by the connection's
 * own DNS lookup, so a name that later resolves inside cannot be used either.
 */

/** Why an endpoint is refused, or null when it may be kept. */
export function endpointProblem(
  endpoint: string,
  allowHttpHosts: readonly string[],
): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not an address';
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (allowHttpHosts.includes(host)) return null;
  if (url.protocol !== 'https:') return 'not https';
  if (url.username || url.password) return 'credentials in the address';
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (!host.includes('.') && !ipaddr.isValid(host))
  ) {
    return 'a local name';
  }
  if (ipaddr.isValid(host) && !isPublic(host)) return 'an internal address';
  return null;
}

/** True for a unicast address on the internet (not private, loopback, link-local, …). */
export function isPublic(address: string): boolean {
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * A DNS lookup for the push request's connection that fails on any internal address, so the
 * request never reaches one (allow-listed hosts are not looked up through it).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const internal = addresses.find((a) => !isPublic(a.address));
    if (internal || addresses.length === 0) {
      return callback(
        Object.assign(new Error('push endpoint resolves to an internal address'), {
          code: 'EPUSHINTERNAL',
        }),
        '',
        0,
      );
    }
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
