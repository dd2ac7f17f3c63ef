import './zod-config';
import { z } from 'zod';
import { EMAIL } from './site-settings';
import { idSchema } from './numbers';

/**
 * Contracts of customer requests (ADR 0031): the storefront's "could not find it" requests and the
 * contact page's enquiries, handled by staff in one list. Messages are keys under `api.errors`.
 */

export const REQUEST_KINDS = ['search', 'enquiry'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The status changes staff may make (one transition function applies them, `modules/requests/status.ts`):
 * a reply answers a request that is not closed (again, when it was answered); a closed one is reopened
 * as in progress before anything else.
 */
export const REQUEST_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['in_progress', 'answered', 'closed'],
  in_progress: ['answered', 'closed'],
  answered: ['answered', 'in_progress', 'closed'],
  closed: ['in_progress'],
};

export const REQUEST_SORTS = ['-createdAt', 'createdAt'] as const;

/** The longest reply staff write. */
export const REPLY_MAX = 4000;

const printable = (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s);

export const requestListInputSchema = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REQUEST_KINDS).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REQUEST_STATUSES).optional()),
  /** Matches the search key or item number, the contact, the name, the company and the message. */
  key: z.string().trim().max(50).optional().transform((v) => (v ? v : undefined)),
  sort: z.enum(REQUEST_SORTS).default('-createdAt'),
  /** The `nextCursor` of the page before; absent for the first page. */
  cursor: z.string().max(200).optional().transform((v) => (v ? v : undefined)),
  limit: z.union([z.number(), z.string().regex(/^\d{1,3}$/).transform(Number)]).pipe(z.number().int().min(1).max(50)).default(20),
});
export type RequestListInput = z.infer<typeof requestListInputSchema>;

export const requestRowSchema = z.object({
  kind: z.enum(REQUEST_KINDS),
  id: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  /** The search key, or the item number an enquiry names ('' when none). */
  subject: z.string(),
  /** What the request says: the note of a search, the message of an enquiry. */
  message: z.string(),
  name: z.string(),
  company: z.string(),
  /** The e-mail address, else the phone number, else ''. */
  contact: z.string(),
  /** Whether a reply can be mailed (the contact is an e-mail address). */
  mailable: z.boolean(),
  createdAt: z.string(),
});
export type RequestRowDto = z.infer<typeof requestRowSchema>;

export const requestListSchema = z.object({
  total: z.number().int(),
  items: z.array(requestRowSchema),
  nextCursor: z.string().nullable(),
});

export const requestReplySchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The address it was mailed to; null when it was recorded only (a phone number). */
  mailedTo: z.string().nullable(),
  staffName: z.string(),
  createdAt: z.string(),
});

export const requestDetailSchema = requestRowSchema.extend({
  searchType: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  itemNo: z.string().nullable(),
  productId: z.number().int().nullable(),
  lang: z.string(),
  updatedAt: z.string(),
  replies: z.array(requestReplySchema),
  /** The statuses it may move to now. */
  transitions: z.array(z.enum(REQUEST_STATUSES)),
});
export type RequestDetailDto = z.infer<typeof requestDetailSchema>;

export const requestKeySchema = z.object({
  kind: z.enum(REQUEST_KINDS, { message: 'requestKindInvalid' }),
  id: idSchema,
});

export const requestStatusInputSchema = requestKeySchema.extend({
  status: z.enum(REQUEST_STATUSES, { message: 'requestStatusInvalid' }),
});

export const requestReplyInputSchema = requestKeySchema.extend({
  body: z.string({ message: 'requestReplyRequired' }).trim().min(1, 'requestReplyRequired').max(REPLY_MAX, 'requestReplyTooLong').refine(printable, 'requestReplyRequired'),
});

export const requestReplyResultSchema = z.object({
  /** The address the reply was mailed to, or null: recorded only, the request left no e-mail address. */
  mailedTo: z.string().nullable(),
  request: requestDetailSchema,
});

/** Whether a contact is an e-mail address a reply can go to. */
export function isMailable(contact: string | null | undefined): boolean {
  return !!contact && EMAIL.test(contact.trim());
}

// ---- the contact page's enquiry ----------------------------------------------------------------

export const ENQUIRY_LIMITS = { name: 60, company: 100, email: 120, phone: 30, message: 2000, itemNo: 40 } as const;
const PHONE = /^\+?[0-9(][0-9 ()\-]{3,28}[0-9]$/;

/** One line: no control characters at all (a name ends up in a mail's subject). */
const oneLine = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);

const optionalText = (max: number, message: string, multiline = false) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v), z.string({ message }).max(max, message).refine(multiline ? printable : oneLine, message));

export const enquiryInputSchema = z.object({
  name: optionalText(ENQUIRY_LIMITS.name, 'enquiryNameInvalid').refine((v) => v.length > 0, 'enquiryNameInvalid'),
  company: optionalText(ENQUIRY_LIMITS.company, 'enquiryCompanyInvalid'),
  email: optionalText(ENQUIRY_LIMITS.email, 'enquiryEmailInvalid').refine((v) => v === '' || EMAIL.test(v), 'enquiryEmailInvalid'),
  phone: optionalText(ENQUIRY_LIMITS.phone, 'enquiryPhoneInvalid').refine((v) => v === '' || PHONE.test(v), 'enquiryPhoneInvalid'),
  message: optionalText(ENQUIRY_LIMITS.message, 'enquiryMessageInvalid', true).refine((v) => v.length > 0, 'enquiryMessageInvalid'),
  itemNo: optionalText(ENQUIRY_LIMITS.itemNo, 'enquiryItemNoInvalid'),
}).superRefine((v, ctx) => {
  if (v.email === '' && v.phone === '') ctx.addIssue({ code: 'custom', path: ['email'], message: 'enquiryContactRequired' });
});
export type EnquiryInput = z.infer<typeof enquiryInputSchema>;

export const enquiryOutputSchema = z.object({ id: z.number().int() });
