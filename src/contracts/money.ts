import './zod-config';
import { z } from 'zod';
import { MONEY_META } from './numbers';

/**
 * Money of the back-office's records (approvals, expenses, cases, quotations, contracts, complaints).
 * Money travels as strings with two decimals and is computed on the server in integer cents.
 */

/** A non-negative amount with at most two decimals, at most 99,999,999.99. */
export const MONEY = /^\d{1,8}(\.\d{1,2})?$/;

/** The largest single amount MONEY accepts, in cents (99,999,999.99). */
export const MONEY_MAX_CENTS = 9_999_999_999;

/**
 * The largest line or total (before tax) of a quotation or an order, in cents (9,000,000,000.00):
 * with 6 % tax it still fits the orders' numeric(12,2), and any sum of such amounts over 50 lines
 * stays below Number.MAX_SAFE_INTEGER. Bigger computed amounts are refused with 400 `totalTooLarge`.
 */
export const TOTAL_MAX_CENTS = 900_000_000_000;

export function moneyToCents(value: string): number {
  const [whole = '0', frac = ''] = value.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

export function centsToMoney(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** Money input: a number or a string with at most two decimals; answers the normalised string (`12.5` → `12.50`). */
export const moneySchema = z
  .union([z.number(), z.string()], { error: 'invalidAmount' })
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
  .pipe(z.string().regex(MONEY, { message: 'invalidAmount' }))
  .transform((v) => centsToMoney(moneyToCents(v)))
  .meta(MONEY_META);

