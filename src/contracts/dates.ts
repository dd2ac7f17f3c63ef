import './zod-config';
import { z } from 'zod';

/**
 * A calendar day `YYYY-MM-DD` that exists: it reads back the same through a UTC date, so
 * `2026-02-30`, `2026-04-31` and `2026-13-01` are refused rather than rolled into another month.
 * Part of the one rule of every date field of the API (`calendarDay` below).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The first and last days a date field of the API takes: well inside what PostgreSQL's `date` holds. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** A calendar day that exists, in the years 2000 to 2100. */
export function isDayInRange(value: string): boolean {
  return isCalendarDay(value) && value >= FIRST_DAY && value <= LAST_DAY;
}

/**
 * The schema of every date field of the API: `YYYY-MM-DD`, a day that exists, in the years 2000 to
 * 2100 (`0000-01-01` or `9999-12-31` would reach the database as a day it cannot hold, or one no
 * business means); refused with `message` (a key under `api.errors`).
 */
export function calendarDay(message = 'dateInvalid') {
  return z.string({ message }).refine(isDayInRange, { message }).meta({ format: 'date' });
}
