import './zod-config';
import { z } from 'zod';
import { MAX_SMILES_CHARS, smilesLimitFault } from '@/lib/structure-limits';

/**
 * A SMILES as every route takes it: trimmed, one word, within the caps of `src/lib/structure-limits.ts`
 * (over one: the field's message names it). Tagged `format: smiles` in the OpenAPI document, so the
 * bad-input run sends structure-sized values to every SMILES field. Whether openchemlib reads it is
 * the server's check, in the structure workers.
 */
export function smilesSchema(invalid: string) {
  return z.string({ message: invalid }).trim().min(1, { message: invalid }).regex(/^\S+$/, { message: invalid })
    .max(MAX_SMILES_CHARS, { message: 'smilesTooLong' })
    .refine((s) => smilesLimitFault(s) !== 'smilesTooManyAtoms', { message: 'smilesTooManyAtoms' })
    .meta({ format: 'smiles' });
}

/** Characters of a SMILES a product may keep from before the caps (the column is text). */
export const MAX_KEPT_SMILES_CHARS = 100_000;

/**
 * A product's SMILES as its form sends it: the same form, but the caps are the server's check, made
 * only when the SMILES differs from the one the product has — an edit of another field keeps a
 * structure saved before the caps (or before they were lowered).
 */
export function productSmilesSchema(invalid: string) {
  return z.string({ message: invalid }).trim().min(1, { message: invalid }).regex(/^\S+$/, { message: invalid })
    .max(MAX_KEPT_SMILES_CHARS, { message: 'smilesTooLong' })
    .meta({ format: 'smiles' });
}
