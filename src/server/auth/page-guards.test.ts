import { describe, expect, it, vi } from 'vitest';

const redirects: unknown[] = [];
let pagePath: string | null = null;

vi.mock('next-intl/server', () => ({ getLocale: async () => 'en' }));
vi.mock('next/headers', () => ({ headers: async () => new Headers(pagePath === null ? {} : { 'x-page-path': pagePath }) }));
vi.mock('@/i18n/navigation', () => ({
  redirect: (args: unknown) => {
    redirects.push(args);
    throw new Error('NEXT_REDIRECT');
  },
}));
vi.mock('./current-actor', () => ({ currentActor: async () => ({ kind: 'guest' }) }));

const { isSignedInPath, requireStaffPage, requireUserPage } = await import('./page-guards');

describe('requireStaffPage', () => {
  it('sends a guest to the staff sign-in with the page as the return address', async () => {
    for (const [path, expected] of [
      ['/en/admin/customers?page=2', { href: { pathname: '/admin/login', query: { redirect: '/en/admin/customers?page=2' } }, locale: 'en' }],
      ['//evil.example/admin', { href: '/admin/login', locale: 'en' }],
      ['/en/admin/login', { href: '/admin/login', locale: 'en' }],
      [null, { href: '/admin/login', locale: 'en' }],
    ] as const) {
      pagePath = path;
      redirects.length = 0;
      await expect(requireStaffPage()).rejects.toThrow('NEXT_REDIRECT');
      expect(redirects, String(path)).toEqual([expected]);
    }
  });
});

describe('requireUserPage', () => {
  it('sends a guest to /?login with the account page as the return address', async () => {
    for (const [path, expected] of [
      ['/en/sys/profile?default=6', { href: '/?login&redirect=%2Fen%2Fsys%2Fprofile%3Fdefault%3D6', locale: 'en' }],
      ['/en/admin/customers', { href: '/?login', locale: 'en' }],
      [null, { href: '/?login', locale: 'en' }],
    ] as const) {
      pagePath = path;
      redirects.length = 0;
      await expect(requireUserPage()).rejects.toThrow('NEXT_REDIRECT');
      expect(redirects, String(path)).toEqual([expected]);
    }
  });
});

describe('isSignedInPath', () => {
  it('matches any path containing a /sys, /order or /profile segment', () => {
    for (const path of ['/sys/users', '/order', '/order/shoppingcart', '/profile', '/sys/profile_pwd', '/x/order/y', '/user/profile']) {
      expect(isSignedInPath(path), path).toBe(true);
    }
  });

  it('leaves public paths alone', () => {
    for (const path of ['/', '/product/list', '/news/detail', '/about/index/about', '/system', '/orders', '/admin/system-setting/stafflist', '/support/index']) {
      expect(isSignedInPath(path), path).toBe(false);
    }
  });
});
