import { isIP } from 'node:net';
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
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
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
    return entries;
  });

/**
 * The setting as Fastify takes it. A hop count becomes proxy-addr's trust function (Fastify does
 * the same at run time, but its types do not list numbers): the nearest `hops` proxies count.
 */
export function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
