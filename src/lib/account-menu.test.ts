import { describe, expect, it } from 'vitest';
import { activeAccountItem, type AccountMenuItem } from './account-menu';

const items: AccountMenuItem[] = [
  { id: '1', labelKey: 'orders', href: '/order', paths: ['/order'] },
  { id: '3', labelKey: 'quotations', href: '/account/quotations', paths: ['/account/quotations'] },
  { id: '4', labelKey: 'complaints', href: '/account/complaints', paths: ['/account/complaints'] },
  { id: '2', labelKey: 'cart', href: '/order/shoppingcart', paths: ['/order/shoppingcart', '/order/checkout'] },
  { id: '5', labelKey: 'system', href: '/sys/manage', paths: ['/sys'] },
  { id: '6', labelKey: 'profile', href: '/sys/profile', paths: ['/sys/profile', '/sys/profile_basic', '/sys/profile_pwd'] },
];

describe('the account menu\'s active item', () => {
  it('is the item of the page opened directly, without ?default=', () => {
    expect(activeAccountItem(items, '/order', null)).toBe('1');
    expect(activeAccountItem(items, '/order/detail', null)).toBe('1');
    expect(activeAccountItem(items, '/account/quotations', null)).toBe('3');
    expect(activeAccountItem(items, '/account/complaints/new', null)).toBe('4');
    expect(activeAccountItem(items, '/order/checkout', null)).toBe('2');
    expect(activeAccountItem(items, '/sys/users', null)).toBe('5');
    expect(activeAccountItem(items, '/sys/profile_pwd', null)).toBe('6');
  });

  it('follows ?default= when it names a shown item, and ignores an unknown one', () => {
    expect(activeAccountItem(items, '/sys/address', '6')).toBe('6');
    expect(activeAccountItem(items, '/order', '9')).toBe('1');
    expect(activeAccountItem(items.filter((i) => i.id !== '5'), '/sys/users', null)).toBeNull();
  });

  it('never takes a longer path that merely begins alike', () => {
    expect(activeAccountItem(items, '/orderx', null)).toBeNull();
  });
});
