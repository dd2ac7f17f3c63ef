import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { preparedPerHandle } from './prepared';

describe('preparedPerHandle', () => {
  it('prepares a statement once per database handle, and apart for each handle', () => {
    let prepared = 0;
    const statement = preparedPerHandle((db: Db) => ({ db, n: ++prepared }));
    const pool = {} as Db;
    const transaction = {} as Db;
    expect(statement(pool)).toBe(statement(pool));
    expect(statement(transaction)).not.toBe(statement(pool));
    expect(statement(transaction).db).toBe(transaction);
    expect(prepared).toBe(2);
  });
});
