import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { isAnyOf, limitInText, preparedPerHandle } from './prepared';
import { products } from './schema';

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

describe('isAnyOf', () => {
  it('asks for a list of ids as one array placeholder, whatever its length', () => {
    const query = new PgDialect().sqlToQuery(isAnyOf(products.id, 'ids'));
    expect(query.sql).toBe('"products"."id" = any($1::int[])');
    expect(query.params).toHaveLength(1);
  });
});

describe('limitInText', () => {
  it('writes the limit into the statement text, not as a value, and refuses anything but a whole number ≥ 0', () => {
    const query = new QueryBuilder().select({ id: products.id }).from(products).limit(limitInText(8)).toSQL();
    expect(query.sql).toMatch(/ limit 8$/);
    expect(query.params).toEqual([]);
    for (const bad of [-1, 2.5, Number.NaN, 2 ** 60]) expect(() => limitInText(bad)).toThrow(/whole number/);
  });
});
