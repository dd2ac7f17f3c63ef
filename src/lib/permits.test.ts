import { describe, expect, it } from 'vitest';
import { permits } from './permits';

const buyer = { permissions: ['SALE.VIEW', 'SALE.CREATE'], roles: ['Buyer'] };

describe('permits', () => {
  it('hides everything when there is no subject', () => {
    expect(permits(null, {})).toBe(false);
    expect(permits(undefined, { permissions: ['SALE.VIEW'] })).toBe(false);
  });

  it('needs one of the permissions or one of the roles', () => {
    expect(permits(buyer, { permissions: ['SALE.VIEW'] })).toBe(true);
    expect(permits(buyer, { permissions: ['USER.VIEW'] })).toBe(false);
    expect(permits(buyer, { permissions: ['USER.VIEW'], roles: ['Buyer'] })).toBe(true);
    expect(permits(buyer, { roles: ['Administrator'] })).toBe(false);
  });

  it('lets any signed-in subject through a requirement that names nothing', () => {
    expect(permits(buyer, {})).toBe(true);
    expect(permits({ permissions: [], roles: [] }, {})).toBe(true);
  });
});
