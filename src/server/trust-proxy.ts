import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Who may tell us the client's address (X-Forwarded-For): nobody (false), the nearest N proxies
 * (a hop count), or proxies at these addresses (IPs, CIDR ranges, or proxy-addr's names
 * loopback / linklocal / uniquelocal). Fastify takes each form as it is.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would let any client choose its own address (and so escape every per-client ' +
  'limit). Say how many proxies stand in front (TRUST_PROXY=1) or which addresses they have ' +
  '(TRUST_PROXY=10.0.0.0/8,127.0.0.1).';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (address/prefix), or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  // A zone (fe80::1%eth0) is taken by the proxy library and then never matches: refused.
  if (!version || extra !== undefined || address.includes('%')) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * A proxy's address list may not trust more addresses than the private and loopback ranges hold,
 * nor name a range wider than the widest of them (issue 42 item 9): `0.0.0.0/1,128.0.0.0/1` trusted every client to name its own address, and so
 * escape every per-client limit. A proxy at a public address is named by its address or a narrow
 * range; "whoever is in front" is said as a count. The message, or null when the list is fine.
 */
function tooWideFor(entries: string[]): string | null {
  const ranges = entries.flatMap(rangesOf);
  for (const family of ['v4', 'v6'] as const) {
    const mine = ranges.filter((r) => r.family === family);
    const widest = mine.reduce((w, r) => (r.end - r.start > w ? r.end - r.start : w), 0n);
    if (widest > WIDEST_PRIVATE[family] || sizeOfUnion(mine) > TRUSTABLE[family]) {
      return (
        `${entries.join(',')} trusts more addresses than a private or loopback range would, ` +
        'so clients could choose their own address. Name your proxies by address or private ' +
        'range (TRUST_PROXY=10.0.0.0/8,127.0.0.1), or say how many stand in front (TRUST_PROXY=1).'
      );
    }
  }
  return null;
}

interface Range {
  family: 'v4' | 'v6';
  start: bigint;
  /** Exclusive. */
  end: bigint;
}

/** proxy-addr's named ranges, as it defines them. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
const PRIVATE_AND_LOOPBACK = [...NAMED.loopback!, ...NAMED.linklocal!, ...NAMED.uniquelocal!];
/** IPv4-mapped IPv6 (::ffff:0:0/96): the proxy library matches IPv4 clients against it. */
const MAPPED_PREFIX = 0xffffn << 32n;

function rangesOf(entry: string): Range[] {
  if (NAMED[entry]) return NAMED[entry].flatMap(rangesOf);
  const [address = '', prefixText] = entry.split('/');
  const v4 = isIP(address) === 4;
  const bits = v4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  const value = addressValue(address);
  const size = 1n << BigInt(bits - prefix);
  const start = (value / size) * size;
  const range: Range = { family: v4 ? 'v4' : 'v6', start, end: start + size };
  if (v4) return [range];
  // The part of an IPv6 range that maps IPv4 addresses trusts those IPv4 clients too.
  const mappedStart = start > MAPPED_PREFIX ? start : MAPPED_PREFIX;
  const mappedEnd =
    range.end < MAPPED_PREFIX + (1n << 32n) ? range.end : MAPPED_PREFIX + (1n << 32n);
  return mappedStart < mappedEnd
    ? [range, { family: 'v4', start: mappedStart - MAPPED_PREFIX, end: mappedEnd - MAPPED_PREFIX }]
    : [range];
}

function sizeOfUnion(ranges: Range[]): bigint {
  let total = 0n;
  let reached = -1n;
  for (const { start, end } of [...ranges].sort((a, b) => (a.start < b.start ? -1 : 1))) {
    const from = start > reached ? start : reached;
    if (end > from) total += end - from;
    if (end > reached) reached = end;
  }
  return total;
}

/** The largest private or loopback range of each family: 10.0.0.0/8 (and 127/8), fc00::/7. */
const WIDEST_PRIVATE = { v4: 1n << 24n, v6: 1n << 121n };
/** How many addresses of each family the private and loopback ranges hold together. */
const TRUSTABLE = {
  v4: sizeOfUnion(PRIVATE_AND_LOOPBACK.flatMap(rangesOf).filter((r) => r.family === 'v4')),
  v6: sizeOfUnion(PRIVATE_AND_LOOPBACK.flatMap(rangesOf).filter((r) => r.family === 'v6')),
};

/** An address as a number (ipaddr.js parses it; the proxy library uses the same parser). */
function addressValue(address: string): bigint {
  return ipaddr
    .parse(address)
    .toByteArray()
    .reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
}

export const trustProxySchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) {
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_REFUSED });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be a proxy count from 1 to 10' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (entries.length === 0) return false;
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy count, IP address or CIDR range: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    const tooWide = tooWideFor(entries);
    if (tooWide) {
      ctx.addIssue({ code: 'custom', message: tooWide });
      return z.NEVER;
    }
    return entries;
  });

/**
 * The setting as Fastify takes it. A hop count becomes proxy-addr's trust function (Fastify does
 * the same at run time, but its types do not list numbers): the nearest `hops` proxies count.
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
