import { describe, expect, it, vi } from 'vitest';

vi.mock('next-intl/server', () => ({ getLocale: async () => 'en' }));
vi.mock('@/i18n/navigation', () => ({ redirect: () => undefined }));
vi.mock('./current-actor', () => ({ currentActor: async () => ({ kind: 'guest' }) }));

const { isSignedInPath } = await import('./page-guards');

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
