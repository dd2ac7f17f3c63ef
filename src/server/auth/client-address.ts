import 'server-only';
import { isIP } from 'node:net';

/**
 * Which proxies in front of the app may be believed about the client's address (TRUST_PROXY):
 * - unset, `0` or `false`: none — the client is the TCP peer;
 * - a number N (1–9): N proxies in front, each appending to X-Forwarded-For;
 * - a list of addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8,::1`): proxies at those addresses.
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; ranges: Range[] };

interface Range {
  bytes: number[];
  prefix: number;
}

export function parseTrustProxy(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return { kind: 'none' };
  if (/^[1-9]$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const ranges = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseRange);
  if (ranges.some((r) => r === null) || ranges.length === 0) {
    throw new Error(`TRUST_PROXY must be 0, a hop count 1-9, or a comma-separated list of addresses/CIDRs; got "${value}"`);
  }
  return { kind: 'list', ranges: ranges as Range[] };
}

function parseRange(text: string): Range | null {
  const [addr, prefixText] = text.split('/');
  const bytes = addressBytes(addr ?? '');
  if (!bytes) return null;
  const max = bytes.length * 8;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return { bytes, prefix };
}

/** IPv4 as 4 bytes, IPv6 as 16; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as its IPv4. */
function addressBytes(raw: string): number[] | null {
  const text = normaliseAddress(raw);
  const kind = isIP(text);
  if (kind === 4) return text.split('.').map(Number);
  if (kind !== 6) return null;
  // An embedded IPv4 tail (`::1.2.3.4`) becomes two hexadecimal groups.
  const hex = text.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`);
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

/** Strips IPv6 brackets, zone ids and the IPv4-mapped prefix; lower-cases. */
export function normaliseAddress(raw: string): string {
  let text = raw.trim().toLowerCase();
  if (text.startsWith('[') && text.includes(']')) text = text.slice(1, text.indexOf(']'));
  text = text.replace(/%.*$/, '');
  if (text.startsWith('::ffff:') && isIP(text.slice(7)) === 4) text = text.slice(7);
  return text;
}

function inRange(address: string, range: Range): boolean {
  const bytes = addressBytes(address);
  if (!bytes || bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; i < bytes.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 255 : (0xff << (8 - bits)) & 255;
    if ((bytes[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}

function forwardedChain(forwardedFor: string | undefined | null): string[] {
  return (forwardedFor ?? '')
    .split(',')
    .map((s) => normaliseAddress(s))
    .filter((s) => isIP(s) !== 0);
}

/**
 * Whether the request's direct peer — the last X-Forwarded-For entry, which scripts/serve.mjs appends —
 * is a proxy TRUST_PROXY believes: with a hop count, the nearest of the proxies counted; with a list, an
 * address in it; with none, never. Only then may what that proxy says (X-Forwarded-Proto) be believed.
 */
export function isTrustedProxyPeer(forwardedFor: string | undefined | null, trust: ProxyTrust): boolean {
  if (trust.kind === 'none') return false;
  const peer = forwardedChain(forwardedFor).at(-1);
  if (!peer) return false;
  return trust.kind === 'hops' || trust.ranges.some((r) => inRange(peer, r));
}

/**
 * The client's address from the X-Forwarded-For chain. The app's own server (scripts/serve.mjs)
 * appends the TCP peer to that header, so its last entry is always the real peer; entries left
 * of it are believed only as far as TRUST_PROXY says. Returns '' when nothing usable is known.
 */
export function resolveClientAddress(forwardedFor: string | undefined | null, trust: ProxyTrust): string {
  const chain = forwardedChain(forwardedFor);
  if (chain.length === 0) return '';
  if (trust.kind === 'none') return chain.at(-1)!;
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!trust.ranges.some((r) => inRange(chain[i]!, r))) return chain[i]!;
  }
  return chain[0]!;
}

let cached: { value: string | undefined; trust: ProxyTrust } | undefined;

/** TRUST_PROXY, parsed once per value. */
export function configuredProxyTrust(): ProxyTrust {
  const value = process.env.TRUST_PROXY;
  if (!cached || cached.value !== value) cached = { value, trust: parseTrustProxy(value) };
  return cached.trust;
}
