import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterSignIn, currentReturnPath, safeReturnPath, type ReturnArea } from './return-path';

const SITE = 'https://shop.example.com';

describe('safeReturnPath', () => {
  it.each([
    ['/admin/customers', '/admin/customers'],
    ['/en/admin/catalog/products?page=2&kw=%E4%B9%99%E9%86%87', '/en/admin/catalog/products?page=2&kw=%E4%B9%99%E9%86%87'],
    ['/zh/admin', '/zh/admin'],
    ['/admin/customers?tab=contracts#top', '/admin/customers?tab=contracts'],
    ['/admin/x/../customers', '/admin/customers'],
  ])('keeps the back-office path %s', (input, expected) => {
    expect(safeReturnPath(input, 'admin')).toBe(expected);
  });

  it.each([
    '', 'admin/customers', '//evil.example/admin', '/\\evil.example/admin', '\\\\evil.example', 'https://evil.example/admin',
    'javascript:alert(1)', '/\t/evil.example/admin', '/admin\n/x', ' /admin', '/admin/../../evil', '/admin/..%2f..%2fevil',
    '/%2F%2Fevil.example/admin', '/admin%2e%2e/x', '/adminx', '/fr/admin', '/sys/profile', '/', '/admin/login', '/en/admin/login?redirect=/admin',
    `/admin/${'a'.repeat(2000)}`,
  ])('refuses %j', (input) => {
    expect(safeReturnPath(input, 'admin')).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 3, ['/admin'], { pathname: '/admin' }]) expect(safeReturnPath(value, 'admin')).toBeNull();
  });

  it.each([
    ['/sys/profile_basic', '/sys/profile_basic'],
    ['/en/order?default=1', '/en/order?default=1'],
    ['/zh/account/quotations?page=2', '/zh/account/quotations?page=2'],
  ])('keeps the account path %s in the account area, and not in the back-office', (input, expected) => {
    expect(safeReturnPath(input, 'account')).toBe(expected);
    expect(safeReturnPath(input, 'admin')).toBeNull();
  });

  it.each(['/admin/customers', '/', '/product/list', '//evil.example/sys', '/system', '/orders'])('refuses %j in the account area', (input) => {
    expect(safeReturnPath(input, 'account')).toBeNull();
  });

  const AREA_PATHS: Record<ReturnArea, RegExp> = {
    admin: /^(\/(zh|en))?\/admin(\/|$)/,
    account: /^(\/(zh|en))?\/(sys|order|profile|account)(\/|$)/,
  };

  it.each(['admin', 'account'] as const)('never leads off the site nor out of the %s area, whatever it is given', (area) => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2f', '%2e', '%5c', 'admin', 'sys', 'order', 'en', 'zh', 'login', '?', '#', '@', ':', 'evil.example', 'http:', '\t', ' ', 'x');
    const candidate = fc.oneof(fc.string(), fc.webUrl(), fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')));
    fc.assert(
      fc.property(candidate, (input) => {
        const out = safeReturnPath(input, area);
        if (out === null) return;
        const resolved = new URL(out, SITE);
        expect(resolved.origin).toBe(SITE);
        expect(out.startsWith('/') && !out.startsWith('//')).toBe(true);
        expect(resolved.pathname).toMatch(AREA_PATHS[area]);
        expect(resolved.pathname).not.toMatch(/\/admin\/login(\/|$)/);
        // A second pass changes nothing: the result is already the normal form.
        expect(safeReturnPath(out, area)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('currentReturnPath', () => {
  it('is the page on screen with its query', () => {
    expect(currentReturnPath({ pathname: '/en/admin/customers', search: '?page=3' }, 'admin')).toBe('/en/admin/customers?page=3');
    expect(currentReturnPath({ pathname: '/admin/login', search: '' }, 'admin')).toBeNull();
  });
});

describe('afterSignIn', () => {
  it('opens the account page the guard sent the visitor from', () => {
    expect(afterSignIn(`${SITE}/en?login&redirect=%2Fen%2Fsys%2Fprofile%3Fdefault%3D6`)).toBe(`${SITE}/en/sys/profile?default=6`);
  });

  it('stays on the page, without its flags, when there is no return address or it leads elsewhere', () => {
    expect(afterSignIn(`${SITE}/?login`)).toBe(`${SITE}/`);
    expect(afterSignIn(`${SITE}/product/list?sk=x&login`)).toBe(`${SITE}/product/list?sk=x`);
    expect(afterSignIn(`${SITE}/?login&redirect=%2F%2Fevil.example%2Fsys`)).toBe(`${SITE}/`);
    expect(afterSignIn(`${SITE}/?login&redirect=https%3A%2F%2Fevil.example%2Fsys`)).toBe(`${SITE}/`);
  });
});
