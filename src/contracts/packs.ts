import { z } from 'zod';

/** A pack of a product as buyers see it: on the detail page and in the list view. */
export const productPackSchema = z.object({
  id: z.number().int(),
  size: z.string(),
  /** CNY, two decimals, from the server. */
  price: z.string(),
  stock: z.number().int(),
  /** Working days until dispatch when out of stock; 0 when in stock. */
  leadTimeDays: z.number().int(),
});
export type ProductPackDto = z.infer<typeof productPackSchema>;
