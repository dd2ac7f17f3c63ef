import 'server-only';
import type { ControlClass } from '@/contracts/hazards';
import type { ApprovalRuleKind } from '@/server/db/schema';
import { centsText, toCents } from './money';

/** A company's rule as stored (`approval_rules`). */
export interface RuleRow {
  kind: ApprovalRuleKind;
  amount: string | null;
  requirePermit: boolean;
  active: boolean;
}

export interface RuleLine {
  itemNo: string;
  hazardous: boolean;
  controlClass: ControlClass | null;
}

export interface RuleInput {
  rules: readonly RuleRow[];
  /** The order's total in cents. */
  total: bigint;
  lines: readonly RuleLine[];
  /** The buyer's committed and pending spending this month before this order, in cents. */
  monthSpent: bigint;
  /** The buyer's monthly limit in cents; null: none. */
  monthlyLimit: bigint | null;
}

/** Why an order needs approval; kept on the order and rendered in the reader's language. */
export type ApprovalMatch =
  | { kind: 'total_above'; amount: string }
  | { kind: 'hazardous'; itemNos: string[] }
  | { kind: 'controlled'; itemNos: string[] }
  | { kind: 'monthly_limit'; limit: string; spent: string };

export interface RuleOutcome {
  matches: ApprovalMatch[];
  /** The order holds a controlled chemical and a rule wants a permit on file before it is placed. */
  permitRequired: boolean;
}

/**
 * The approval rules of ADR 0026, applied to one submission: an order needs approval when it
 * matches any active rule. Total and monthly limits compare strictly ("above").
 */
export function evaluateRules(input: RuleInput): RuleOutcome {
  const matches: ApprovalMatch[] = [];
  let permitRequired = false;
  for (const rule of input.rules) {
    if (!rule.active) continue;
    switch (rule.kind) {
      case 'total_above': {
        if (rule.amount !== null && input.total > toCents(rule.amount)) matches.push({ kind: 'total_above', amount: rule.amount });
        break;
      }
      case 'hazardous': {
        const itemNos = input.lines.filter((l) => l.hazardous).map((l) => l.itemNo);
        if (itemNos.length > 0) matches.push({ kind: 'hazardous', itemNos: [...new Set(itemNos)] });
        break;
      }
      case 'controlled': {
        const itemNos = input.lines.filter((l) => l.controlClass !== null).map((l) => l.itemNo);
        if (itemNos.length > 0) {
          matches.push({ kind: 'controlled', itemNos: [...new Set(itemNos)] });
          if (rule.requirePermit) permitRequired = true;
        }
        break;
      }
      case 'monthly_limit': {
        if (input.monthlyLimit !== null && input.monthSpent + input.total > input.monthlyLimit) {
          matches.push({ kind: 'monthly_limit', limit: centsText(input.monthlyLimit), spent: centsText(input.monthSpent) });
        }
        break;
      }
    }
  }
  return { matches, permitRequired };
}

/**
 * Whether going from the rules `before` to `after` loosens them: a rule switched off, a higher amount,
 * or a permit no longer required for controlled chemicals. Such a change lets some order through that
 * the rules before would have held for approval (see the property tests); tightening is none.
 */
export function loosensApproval(before: readonly RuleRow[], after: readonly RuleRow[]): boolean {
  const find = (rows: readonly RuleRow[], kind: ApprovalRuleKind) => rows.find((r) => r.kind === kind && r.active);
  for (const was of before) {
    if (!was.active) continue;
    const now = find(after, was.kind);
    if (!now) return true;
    if (was.kind === 'total_above' && was.amount !== null && (now.amount === null || toCents(now.amount) > toCents(was.amount))) return true;
    if (was.kind === 'controlled' && was.requirePermit && !now.requirePermit) return true;
  }
  return false;
}
