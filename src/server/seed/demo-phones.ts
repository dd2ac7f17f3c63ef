import 'server-only';

/**
 * Every mobile number the demo seed writes (accounts, staff, addresses, contacts, requests). They look real
 * and some may be someone's: a text message to one of them is never sent, whatever the provider
 * (`isDemoPhoneNumber`). The unit test beside this file fails when the seed gains a number not listed here.
 */
export const DEMO_PHONE_NUMBERS: ReadonlySet<string> = new Set([
  '13800138001', '13800138002', '13800138003', '13800138004', '13800138005', '13800138006', '13800138007', '13800138777',
  '13900139001', '13900139010', '13900139088', '13900139166', '13900139236',
  '13602011456', '13770912345', '13812345678', '13957100123',
]);

/** Whether a text message to `phone` (11 digits, as login names are normalised) must go to the outbox: a demo number. */
export function isDemoPhoneNumber(phone: string): boolean {
  return DEMO_PHONE_NUMBERS.has(phone);
}
