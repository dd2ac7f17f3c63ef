import './zod-config';
import { z } from 'zod';
import { wholeNumber } from './numbers';

export const trackReportInputSchema = z.object({
  path: z.string().max(300).regex(/^\//).optional(),
});
export const trackReportSchema = z.object({ counted: z.boolean(), uv: z.number().int() });

export const trackSummaryInputSchema = z.object({ days: wholeNumber(z.number().int().min(1).max(366)).default(30) });
export const trackSummarySchema = z.object({
  /** Unique visitors since the start: each visitor counts once per day. */
  uv: z.number().int(),
  pv: z.number().int(),
  today: z.object({ uv: z.number().int(), pv: z.number().int() }),
  days: z.array(z.object({ day: z.string(), uv: z.number().int(), pv: z.number().int() })),
});
export type TrackSummary = z.infer<typeof trackSummarySchema>;
