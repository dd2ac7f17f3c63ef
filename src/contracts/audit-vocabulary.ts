import { APPROVAL_REQUEST_STATUSES } from './approvals';
import { CASE_STATUSES } from './cases';
import { IMPORT_JOB_STATUSES } from './catalog-import';
import { COMPLAINT_STATUSES } from './complaints';
import { ADMIN_CONTENT_KINDS, NEWS_STATUSES } from './content-editing';
import { COMMENT_STATUSES } from './content-moderation';
import { CONTRACT_STATES } from './contracts';
import { EXPENSE_STATUSES } from './expenses';
import { CONTAINER_STATES } from './inventory';
import { ORDER_STATUSES } from './orders';
import { PARTNER_STATUSES } from './partners';
import { AGREEMENT_STATES } from './price-agreements';
import { DOCUMENT_STATES } from './product-documents';
import { QUOTATION_STATES } from './quotations';
import { REQUEST_STATUSES } from './requests';

/**
 * The audit log's vocabulary (ADR 0067): every kind of record, every action and every state the server writes
 * to the log. `recordAudit` accepts only these entities and actions, so that a new one cannot be written
 * before it is listed here; each has its label under `adminAudit.entities`, `adminAudit.actions` and
 * `adminAudit.states` in both languages (the unit test beside the messages checks it), and each field the
 * log keeps has its label under `adminAudit.fields` unless it is internal (`AUDIT_INTERNAL_FIELDS`).
 */
export const AUDIT_ENTITIES = [
  'address', 'approval_request', 'approval_rule', 'banner', 'brand', 'category', 'comment', 'company_file', 'complaint',
  'contentCategory', 'contentImage', 'contentLink', 'contentTag', 'contract', 'credit_note', 'customer', 'customerContact',
  'customerLicence', 'department', 'expense', 'import_job', 'invoice', 'menu', 'partner', 'product', 'productLink', 'product_document',
  'product_lot', 'product_pack', 'quotation', 'role', 'siteBlock', 'siteOption', 'staff', 'staffTeam', 'supplier', 'testing_case',
  'user', 'webSetting', 'order', 'enquiry', 'searchFeedback', 'carrier', 'price_agreement', 'inventory_container', 'inventory_location',
  ...ADMIN_CONTENT_KINDS,
  'inventory_minimum',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create', 'update', 'delete', 'approve', 'reject', 'attach', 'detach', 'convertFailed', 'disable', 'enable', 'link', 'unlink',
  'move', 'order', 'owner', 'publish', 'unpublish', 'removeFile', 'removeImage', 'removeLogo', 'removeScan', 'reply', 'report',
  'request', 'resetPassword', 'sendReport', 'setCoa', 'setFile', 'setImage', 'setLogo', 'setPermissions', 'setScan', 'status',
  'submit', 'uploadImage', 'withdraw', 'restore', 'hide', 'reset', 'cancel', 'change', 'edit', 'place', 'remove', 'revise',
  'queue', 'start', 'succeed', 'fail', 'upload', 'replace', 'allocate', 'release', 'ship', 'deliver', 'receivePayment', 'reversePayment',
  'receive', 'use', 'dispose', 'correct',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Every state a record of the log can be in (the values of its `status` or `state` field). */
export const AUDIT_STATES = [...new Set<string>([
  ...APPROVAL_REQUEST_STATUSES, ...CASE_STATUSES, ...IMPORT_JOB_STATUSES, ...COMPLAINT_STATUSES, ...NEWS_STATUSES,
  ...COMMENT_STATUSES, ...CONTRACT_STATES, ...EXPENSE_STATUSES, ...ORDER_STATUSES, ...PARTNER_STATUSES, ...DOCUMENT_STATES,
  ...QUOTATION_STATES, ...REQUEST_STATUSES, ...AGREEMENT_STATES, ...CONTAINER_STATES,
])];

/** The fields whose values are states (shown by their label). */
export const AUDIT_STATE_FIELDS = ['status', 'state'] as const;

/**
 * Fields kept for the machine, never shown: ids the row's link already names, a runner's lock token, where a
 * file is stored, a lease's attempt count.
 */
export const AUDIT_INTERNAL_FIELDS = [
  'owner', 'attempt', 'entityType', 'entityId', 'stepId', 'seq', 'ruleId', 'tiers', 'productId', 'currentSeq', 'filePath', 'logoPath',
  'imagePath', 'scan', 'fileId', 'attachmentId', 'coaDocumentId', 'packId', 'contentId', 'linkedId', 'replyId', 'id', 'by', 'bulk',
  'companyId', 'replaces', 'quotationId', 'photoId', 'paymentId',
] as const;

const INTERNAL = new Set<string>(AUDIT_INTERNAL_FIELDS);

/** Whether a field of the log is internal (never shown, never exported). */
export function isInternalAuditField(field: string): boolean {
  return INTERNAL.has(field);
}
