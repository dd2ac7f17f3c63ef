import { describe, expect, it } from 'vitest';
import { isTrustedProxyPeer, normaliseAddress, parseTrustProxy, resolveClientAddress } from './client-address';

describe('parseTrustProxy', () => {
  it('reads none, hop counts and address lists', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('0')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8 ,::1').kind).toBe('list');
  });

  it('refuses what it cannot read, rather than trusting everyone', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow();
    expect(() => parseTrustProxy('12')).toThrow();
  });
});

describe('resolveClientAddress', () => {
  const none = parseTrustProxy('');
  it('without trusted proxies takes the peer (the last entry) and ignores forged ones', () => {
    expect(resolveClientAddress('6.6.6.6, 203.0.113.9', none)).toBe('203.0.113.9');
    expect(resolveClientAddress('203.0.113.9', none)).toBe('203.0.113.9');
  });

  it('with N hops takes the entry the outermost trusted proxy saw', () => {
    const one = parseTrustProxy('1');
    expect(resolveClientAddress('6.6.6.6, 198.51.100.7, 127.0.0.1', one)).toBe('198.51.100.7');
    expect(resolveClientAddress('127.0.0.1', one)).toBe('127.0.0.1');
  });

  it('with a list skips trusted proxies from the right and stops at the first stranger', () => {
    const list = parseTrustProxy('127.0.0.1,10.0.0.0/8');
    expect(resolveClientAddress('6.6.6.6, 198.51.100.7, 10.1.2.3, 127.0.0.1', list)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.1, 127.0.0.1', list)).toBe('10.0.0.1');
    // A client forging a trusted address to the left of its own does not move past itself.
    expect(resolveClientAddress('127.0.0.1, 198.51.100.7, 127.0.0.1', list)).toBe('198.51.100.7');
  });

  it('matches IPv6 ranges and IPv4-mapped peers', () => {
    const list = parseTrustProxy('::1,fd00::/8,127.0.0.0/8');
    expect(resolveClientAddress('2001:db8::5, ::1', list)).toBe('2001:db8::5');
    expect(resolveClientAddress('2001:db8::5, fd12:3456::1', list)).toBe('2001:db8::5');
    expect(resolveClientAddress('198.51.100.7, ::ffff:127.0.0.1', list)).toBe('198.51.100.7');
  });

  it('ignores garbage entries and answers empty when nothing is known', () => {
    expect(resolveClientAddress('not-an-ip, <script>', none)).toBe('');
    expect(resolveClientAddress(undefined, none)).toBe('');
    expect(normaliseAddress('[2001:DB8::1]')).toBe('2001:db8::1');
  });
});

describe('isTrustedProxyPeer', () => {
  it('believes the direct peer (the last entry) only as TRUST_PROXY says', () => {
    expect(isTrustedProxyPeer('127.0.0.1', parseTrustProxy(undefined))).toBe(false);
    expect(isTrustedProxyPeer('203.0.113.9, 127.0.0.1', parseTrustProxy('127.0.0.1'))).toBe(true);
    expect(isTrustedProxyPeer('203.0.113.9, ::ffff:10.1.2.3', parseTrustProxy('10.0.0.0/8'))).toBe(true);
    expect(isTrustedProxyPeer('127.0.0.1, 203.0.113.9', parseTrustProxy('127.0.0.1'))).toBe(false);
    expect(isTrustedProxyPeer('203.0.113.9', parseTrustProxy('1'))).toBe(true);
    expect(isTrustedProxyPeer('', parseTrustProxy('1'))).toBe(false);
    expect(isTrustedProxyPeer('not-an-address', parseTrustProxy('127.0.0.1'))).toBe(false);
  });
});
