import { describe, expect, it } from 'vitest';
import { changedFields } from './record';

describe('changedFields', () => {
  it('keeps only the fields that differ, with before and after', () => {
    expect(changedFields({ name: 'A', job: 'x', active: true }, { name: 'B', job: 'x', active: false })).toEqual({
      name: { from: 'A', to: 'B' },
      active: { from: true, to: false },
    });
  });

  it('treats a creation and a deletion as changes from and to null', () => {
    expect(changedFields(null, { name: 'A' })).toEqual({ name: { from: null, to: 'A' } });
    expect(changedFields({ name: 'A' }, null)).toEqual({ name: { from: 'A', to: null } });
  });

  it('compares lists by their items and ignores fields left undefined', () => {
    expect(changedFields({ roles: [1, 2], name: 'A' }, { roles: [1, 2], name: undefined })).toEqual({});
    expect(changedFields({ roles: [1, 2] }, { roles: [2, 1] })).toEqual({ roles: { from: [1, 2], to: [2, 1] } });
  });
});
