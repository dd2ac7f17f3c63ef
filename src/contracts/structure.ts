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
