import { z } from 'zod';

/** The browser sends the SHA-256 hex of the password, never the password itself (spec §5). */
export const passwordDigestSchema = z.string().regex(/^[a-f0-9]{64}$/i, { message: 'password must be a SHA-256 hex digest' }).transform((s) => s.toLowerCase());

export const loginInputSchema = z.object({
  loginName: z.string().trim().min(1).max(100),
  password: passwordDigestSchema,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const sessionUserSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  username: z.string(),
  companyName: z.string(),
});

export const loginOutputSchema = z.object({ user: sessionUserSchema });

export const staffSessionSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
});

export const staffLoginOutputSchema = z.object({ user: staffSessionSchema });

export const emptySchema = z.null();

/** The signed-in customer as the header shows it. */
export interface HeaderUser {
  name: string;
  companyName: string;
  cartCount: number;
}
