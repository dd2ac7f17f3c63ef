import 'server-only';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement that signed-in requests run every time (the session, the actor, the cart's count), prepared
 * once per database handle (ADR 0098). On PostgreSQL each connection then binds and executes it in one
 * round trip, with neither a parse nor a fresh plan; an unprepared statement with parameters costs two
 * round trips (postgres.js asks for its parameters' types first) and a parse and a plan each time. Only
 * statements of a fixed text, with placeholders for their values, belong here: a connection keeps each
 * one for its lifetime.
 */
export function preparedPerHandle<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byHandle = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}

/**
 * `column = any($name::int[])`: a list of ids as one array placeholder of a prepared statement, so that one
 * statement text serves any number of them (a list of parameters would make a text per length).
 */
export function isAnyOf(column: AnyPgColumn, placeholder: string): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::int[])`;
}

/**
 * A LIMIT written into a prepared statement's text rather than passed as a value (ADR 0109). A generic plan is
 * made without the values, and for `limit $1` PostgreSQL plans for a tenth of the rows: a short list ordered by a
 * partial index then looks dearer than the values' own plans, which PostgreSQL keeps making each time instead.
 * Drizzle writes an SQL object given as the limit into the text as it is; a whole number ≥ 0 only.
 */
export function limitInText(n: number): Placeholder {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`a limit is a whole number ≥ 0, got ${n}`);
  return sql.raw(String(n)) as unknown as Placeholder;
}
