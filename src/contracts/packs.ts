import './zod-config';
import { z } from 'zod';
import { productLotSchema } from './lots';

/** A pack of a product as buyers see it: on the detail page and in the list view. */
export const productPackSchema = z.object({
  id: z.number().int(),
  size: z.string(),
  /** CNY, two decimals, from the server. */
  price: z.string(),
  /** The regular price before the offer (above `price`), shown struck through; null when the pack has none. */
  listPrice: z.string().nullable(),
  stock: z.number().int(),
  /** Working days until dispatch when out of stock; 0 when in stock. */
  leadTimeDays: z.number().int(),
});
export type ProductPackDto = z.infer<typeof productPackSchema>;

/** A pack on the product page: with the lots in stock buyers may get (quantity > 0, not expired; ADR 0032). */
export const productDetailPackSchema = productPackSchema.extend({ lots: z.array(productLotSchema) });
export type ProductDetailPackDto = z.infer<typeof productDetailPackSchema>;
