import './zod-config';
import { z } from 'zod';

/** Controlled chemicals: 易制毒 (precursor), 易制爆 (explosive precursor) and 剧毒 (highly toxic; ADR 0091). */
export const CONTROL_CLASSES = ['precursor', 'explosive', 'toxic'] as const;
export type ControlClass = (typeof CONTROL_CLASSES)[number];

/**
 * What a buyer sees of a product's hazards before buying it, by the rule the order's approval reasons
 * use: dangerous goods (危险品: a GHS signal word or pictogram) and the control class.
 */
export const hazardSchema = z.object({
  hazardous: z.boolean(),
  controlClass: z.enum(CONTROL_CLASSES).nullable(),
});
export type HazardDto = z.infer<typeof hazardSchema>;

/**
 * Why an order holding the product would wait for approval under the signed-in buyer's company rules:
 * the rules it would match (dangerous goods, a controlled chemical), and whether the company must have a
 * purchase permit on file (and has none valid) before such an order is placed.
 */
export const approvalNoteSchema = z.object({
  reasons: z.array(z.enum(['hazardous', 'controlled'])),
  permit: z.boolean(),
  /** The company has no valid permit on file now. */
  permitMissing: z.boolean(),
});
export type ApprovalNoteDto = z.infer<typeof approvalNoteSchema>;
