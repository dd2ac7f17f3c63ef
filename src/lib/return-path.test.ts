import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentReturnPath, safeReturnPath } from './return-path';

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

  it('never leads off the site nor out of the back-office, whatever it is given', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2f', '%2e', '%5c', 'admin', 'en', 'zh', 'login', '?', '#', '@', ':', 'evil.example', 'http:', '\t', ' ', 'x');
    const candidate = fc.oneof(fc.string(), fc.webUrl(), fc.array(pieces, { maxLength: 12 }).map((p) => p.join('')));
    fc.assert(
      fc.property(candidate, (input) => {
        const out = safeReturnPath(input, 'admin');
        if (out === null) return;
        const resolved = new URL(out, SITE);
        expect(resolved.origin).toBe(SITE);
        expect(out.startsWith('/') && !out.startsWith('//')).toBe(true);
        expect(resolved.pathname).toMatch(/^(\/(zh|en))?\/admin(\/|$)/);
        expect(resolved.pathname).not.toMatch(/\/admin\/login(\/|$)/);
        // A second pass changes nothing: the result is already the normal form.
        expect(safeReturnPath(out, 'admin')).toBe(out);
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
