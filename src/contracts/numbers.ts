import './zod-config';
import { z } from 'zod';

/**
 * Whole numbers of requests. A JSON number, or — for query and form values, which are text — a
 * string of decimal digits without leading zeros (`0` itself where 0 is allowed); hexadecimal (`0x1`),
 * exponents (`1e2`), leading zeros (`01`), `-0`, blanks, booleans and `null` are refused instead of
 * being read as numbers.
 */
const decimalText = z.string().regex(/^(?:0|-?[1-9]\d{0,14})$/).transform(Number);

export function wholeNumber<T extends z.ZodType<number, number>>(schema: T) {
  return z.union([z.number(), decimalText], { error: 'notWholeNumber' }).pipe(schema);
}

export const ID_MAX = 2_147_483_647;

/** A record id: a positive 32-bit integer. */
export const idSchema = wholeNumber(z.number().int().positive().max(ID_MAX));

/** An optional id: empty and `null` count as absent. */
export const optionalIdSchema = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());

/** `limit` and `offset` of a list call; `offset` is the page number from 1, as the list calls send it (docs/requirements/api.md#paging). */
export function pageParams(limit: number, max = 50) {
  return {
    limit: wholeNumber(z.number().int().min(1).max(max)).default(limit),
    offset: wholeNumber(z.number().int().min(1).max(100_000)).default(1),
  };
}

/**
 * Marks a money input in the OpenAPI document (`x-money: true`): the quality harness feeds every such
 * field money-sized values (`test/bad-input.ts`, `src/server/api/money-inputs.api.test.ts`).
 */
export const MONEY_META = { 'x-money': true } as const;
