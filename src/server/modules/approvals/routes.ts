import 'server-only';
import type { Context } from 'hono';
import { idParamSchema } from '@/contracts/admin';
import { approvalRequestSchema, approvalRuleInputSchema, approvalRuleOptionsSchema, approvalRuleListSchema, approvalRuleUpdateSchema, decisionInputSchema, inboxCountSchema, inboxInputSchema, inboxSchema } from '@/contracts/approvals';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { AppError } from '@/server/errors';
import { auditActorOf } from '@/server/modules/audit/record';
import { decideStep } from './decide';
import { approverOf } from './engine';
import { countInbox, listInbox } from './inbox';
import { approvalRuleOptions, createApprovalRule, deleteApprovalRule, listApprovalRules, updateApprovalRule } from './rules';

/** The signed-in staff member as the engine sees them. */
export function staffOf(c: Context<AppEnv>): { staffId: number; name: string; permissions: readonly string[] } {
  const actor = c.get('actor');
  if (actor.kind !== 'staff') throw new AppError(401);
  return { staffId: actor.staffId, name: actor.name, permissions: actor.permissions };
}

/** The staff's approvals: the "waiting for me" inbox, decisions, and the rules (ADR 0037). */
export const approvalsAdminRouter = createRouter('/api/admin/approvals');

const tags = ['admin: approvals'];
const rulesSchema = approvalRuleListSchema;

// GET /api/admin/approvals/inbox — the pending steps waiting for the caller, oldest first
approvalsAdminRouter.endpoint(
  { method: 'get', path: '/inbox', tags, summary: 'Waiting for me: steps the caller may decide now', input: inboxInputSchema, output: inboxSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => listInbox(c.get('db'), await approverOf(c.get('db'), staffOf(c)), input.entityType),
);

// GET /api/admin/approvals/inbox/count — the header's badge
approvalsAdminRouter.endpoint(
  { method: 'get', path: '/inbox/count', tags, summary: 'How many steps wait for the caller', output: inboxCountSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (_input, c) => ({ count: await countInbox(c.get('db'), await approverOf(c.get('db'), staffOf(c))) }),
);

// POST /api/admin/approvals/steps/:id/decision — approve or reject a step, with a comment (sequence, no self-approval, one decision)
approvalsAdminRouter.endpoint(
  { method: 'post', path: '/steps/:id/decision', tags, summary: 'Decide an approval step (approve or reject, with a comment)', input: decisionInputSchema, output: approvalRequestSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => {
    const me = staffOf(c);
    return decideStep(c.get('db'), {
      actor: auditActorOf(c.get('actor'), clientInfo(c).ip), approver: await approverOf(c.get('db'), me), stepId: input.id, decision: input.decision, comment: input.comment,
    });
  },
);

// GET /api/admin/approvals/rules — every rule with its tiers
approvalsAdminRouter.endpoint(
  { method: 'get', path: '/rules', tags, summary: 'Approval rules with their tiers', output: rulesSchema, audience: 'staff', permissions: ['APPROVAL.RULES'] },
  async (_input, c) => ({ items: await listApprovalRules(c.get('db')) }),
);

// GET /api/admin/approvals/rule-options — teams, staff and permissions a rule may name
approvalsAdminRouter.endpoint(
  { method: 'get', path: '/rule-options', tags, summary: 'What an approval rule may name', output: approvalRuleOptionsSchema, audience: 'staff', permissions: ['APPROVAL.RULES'] },
  async (_input, c) => approvalRuleOptions(c.get('db')),
);

// POST /api/admin/approvals/rules — a new rule (conditions and tiers)
approvalsAdminRouter.endpoint(
  { method: 'post', path: '/rules', tags, summary: 'Add an approval rule', input: approvalRuleInputSchema, output: rulesSchema, audience: 'staff', permissions: ['APPROVAL.RULES'] },
  async (input, c) => ({ items: await createApprovalRule(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input) }),
);

// PUT /api/admin/approvals/rules/:id — replace a rule and its tiers
approvalsAdminRouter.endpoint(
  { method: 'put', path: '/rules/:id', tags, summary: 'Change an approval rule', input: approvalRuleUpdateSchema, output: rulesSchema, audience: 'staff', permissions: ['APPROVAL.RULES'] },
  async ({ id, ...input }, c) => ({ items: await updateApprovalRule(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), id, input) }),
);

// DELETE /api/admin/approvals/rules/:id — delete a rule no request used (409 otherwise)
approvalsAdminRouter.endpoint(
  { method: 'delete', path: '/rules/:id', tags, summary: 'Delete an unused approval rule', input: idParamSchema, output: rulesSchema, audience: 'staff', permissions: ['APPROVAL.RULES'] },
  async (input, c) => ({ items: await deleteApprovalRule(c.get('db'), auditActorOf(c.get('actor'), clientInfo(c).ip), input.id) }),
);

