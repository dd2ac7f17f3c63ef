import './zod-config';
import { z } from 'zod';
import { calendarDay } from './dates';
import { wholeNumber } from './numbers';

/** Field rules shared by the back-office's record forms and lists (approvals, expenses, cases). */

export const text = (max: number, message: string) => z.string({ message }).trim().max(max, { message });
export const requiredText = (max: number, message: string) => text(max, message).min(1, { message: 'fieldRequired' });
export const searchKey = z.string().trim().max(50).optional().transform((v) => (v ? v : undefined));
export const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const cursor = z.string().max(200).optional().transform((v) => (v ? v : undefined));
export const limit = wholeNumber(z.number().int().min(1).max(50)).default(20);
/** A calendar date YYYY-MM-DD that exists (no 30 February), between the years 2000 and 2100. */
export const isoDate = calendarDay('dateInvalid');

/** Reasons of refusals and losses: at most 50 characters, as the forms' hints say. */
export const REASON_MAX = 50;
export const reason = z.string().trim().max(REASON_MAX, { message: 'reasonTooLong' });
