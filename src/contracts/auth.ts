import './zod-config';
import { z } from 'zod';
import { normaliseLoginName, VERIFY_CODE_PATTERN } from './auth-rules';

/**
 * Validation messages that are keys under `api.errors` in messages/*.json; the API translates
 * them into the caller's language (src/server/http/input.ts).
 */
export const AUTH_FIELD_ERRORS = {
  loginName: 'invalidLoginName',
  password: 'passwordNotDigest',
  verifyCode: 'invalidVerifyCode',
} as const;

// The plain rules (no zod) live apart so that browser code can use them without bundling zod.
export { EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PATTERN, VERIFY_CODE_PATTERN, normaliseLoginName } from './auth-rules';
/** The browser sends the SHA-256 hex of the password, never the password itself (docs/requirements/account.md#sign-in). */
export const passwordDigestSchema = z
  .string({ message: AUTH_FIELD_ERRORS.password })
  .regex(/^[a-f0-9]{64}$/i, { message: AUTH_FIELD_ERRORS.password })
  .transform((s) => s.toLowerCase());

/** An e-mail address or a mobile number, normalised. */
export const loginNameSchema = z
  .string({ message: AUTH_FIELD_ERRORS.loginName })
  .max(120, { message: AUTH_FIELD_ERRORS.loginName })
  .transform((value, ctx) => {
    const normalised = normaliseLoginName(value);
    if (normalised === null) {
      ctx.addIssue({ code: 'custom', message: AUTH_FIELD_ERRORS.loginName });
      return z.NEVER;
    }
    return normalised;
  });

export const verifyCodeSchema = z
  .string({ message: AUTH_FIELD_ERRORS.verifyCode })
  .trim()
  .regex(VERIFY_CODE_PATTERN, { message: AUTH_FIELD_ERRORS.verifyCode });

export const loginInputSchema = z.object({
  loginName: z.string().trim().min(1).max(120),
  password: passwordDigestSchema,
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** The signed-in customer as the login calls answer it (docs/requirements/account.md#sign-in), plus the local-copy fields. */
export const sessionUserSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  username: z.string(),
  companyName: z.string(),
  branch: z.string(),
  job: z.string(),
  userinfoNo: z.string(),
  fileName: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginOutputSchema = z.object({ user: sessionUserSchema });
export type LoginOutput = z.infer<typeof loginOutputSchema>;

const codeLoginSchema = z.object({ loginName: loginNameSchema, verifyCode: verifyCodeSchema });

/** `data` is an object `{ loginName, verifyCode }`: in a JSON body as is, in a form body as JSON text. */
export const loginByCodeInputSchema = z.object({
  data: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, codeLoginSchema),
});
export type LoginByCodeInput = z.infer<typeof loginByCodeInputSchema>;

export const ACCOUNT_TYPES = ['user', 'employee'] as const;
export type RegistrationType = (typeof ACCOUNT_TYPES)[number];

/** Registration and reset form (docs/requirements/account.md#registration): loginName, password, repeatPwd, verifyCode. */
const passwordFormShape = {
  loginName: loginNameSchema,
  password: passwordDigestSchema,
  repeatPwd: passwordDigestSchema,
  verifyCode: verifyCodeSchema,
};

export const registerInputSchema = z.object({
  ...passwordFormShape,
  /** `user`: a new customer account with its own company; `employee`: activates an account the company administrator added. */
  accountType: z.enum(ACCOUNT_TYPES).default('user'),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const resetPasswordInputSchema = z.object(passwordFormShape);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const changePasswordInputSchema = z.object({
  oldPassword: passwordDigestSchema,
  password: passwordDigestSchema,
  repeatPwd: passwordDigestSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const CODE_PURPOSES = ['login', 'register', 'reset'] as const;
export type CodeRequestPurpose = (typeof CODE_PURPOSES)[number];

/** A tick box as a JSON boolean, or as a form body sends it (`true`, `1`, `on`; `false`, `0` or empty for no). */
const tickSchema = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 'on') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  return value;
}, z.boolean());

export const sendCodeInputSchema = z.object({
  loginName: loginNameSchema,
  purpose: z.enum(CODE_PURPOSES),
  accountType: z.enum(ACCOUNT_TYPES).default('user'),
  /**
   * The owner's consent to the text message and to the privacy policy (个人信息保护法): required for a code by
   * text message to a mobile number (400 smsConsentRequired without it); ignored for an e-mail address.
   */
  smsConsent: tickSchema.default(false),
});
export type SendCodeInput = z.infer<typeof sendCodeInputSchema>;

/** The same answer whether or not the target has an account. */
export const sendCodeOutputSchema = z.object({
  /** Seconds before another code may be requested for this target. */
  cooldown: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});

export const renewOutputSchema = z.object({ token: z.string() });

export const staffSessionSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  username: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
});

export const staffLoginOutputSchema = z.object({ user: staffSessionSchema });

export const emptySchema = z.null();
