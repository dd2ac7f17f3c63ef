import { expect } from 'vitest';
import { loadActor } from '@/server/auth/actor';
import type { ApiHarness, CallOptions } from './api';
import type { ApiOperation } from './openapi-routes';

/**
 * The authorisation matrix (docs/requirements/quality.md#s1-authorisation-matrix): who may call what. Reuse it in the customer-area,
 * back-office and CRM tests:
 *
 *   const matrix = authorisationMatrix(h);
 *   await matrix.expect([
 *     { method: 'GET', path: `/api/app/order/sale?id=${orderOfA}`, expect: { buyerA: 200, buyerB: 404, guest: 401, staffAdmin: 401 } },
 *   ]);
 *
 * Each account signs in once per harness (by token, so that the cross-site rule is not in the way);
 * every failing cell is reported together, as a table, rather than the first alone.
 */

export const MATRIX_ACCOUNTS = {
  /** Customer administrator of company A (上海示例生物科技有限公司): every company permission. */
  adminA: { kind: 'user', loginName: 'admin@demo.example.com', password: 'Reagent#2026' },
  /** Buyer of company A: orders, addresses. */
  buyerA: { kind: 'user', loginName: 'buyer@demo.example.com', password: 'Reagent#2026' },
  /** Approver of company A. */
  approverA: { kind: 'user', loginName: 'approver@demo.example.com', password: 'Reagent#2026' },
  /** Employee account of company A without a role: cart and profile only. */
  employeeA: { kind: 'user', loginName: 'employee@demo.example.com', password: 'Reagent#2026' },
  /** Buyer of company B (北京示例大学化学学院). */
  buyerB: { kind: 'user', loginName: 'buyer@univ.example.com', password: 'Reagent#2026' },
  /** Staff super administrator. */
  staffAdmin: { kind: 'staff', loginName: 'admin', password: 'Admin#2026' },
  /** Staff sales: customers, quotations, contracts. */
  staffSales: { kind: 'staff', loginName: 'sales', password: 'Sales#2026' },
  /** Staff operations: catalogue (brands, categories), suppliers, content (news, banners), dashboard figures, staff and identities read only, audit log. */
  staffOps: { kind: 'staff', loginName: 'ops', password: 'Ops#2026' },
} as const;

export type MatrixAccount = keyof typeof MATRIX_ACCOUNTS;
export type MatrixActor = 'guest' | MatrixAccount;

export interface MatrixCase {
  method: string;
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** The status each actor must get (a list: any of them). Actors left out are not called. */
  expect: Partial<Record<MatrixActor, number | number[]>>;
}

export interface AuthorisationMatrix {
  /** The session token of an account (signed in on first use, again if a test ended the session). */
  tokenOf: (actor: MatrixAccount) => Promise<string>;
  /** The permissions an account holds. */
  permissionsOf: (actor: MatrixAccount) => Promise<string[]>;
  /** Calls every case as every actor it names; fails once, listing every cell that differs. */
  expect: (cases: MatrixCase[]) => Promise<void>;
}

export function authorisationMatrix(h: ApiHarness): AuthorisationMatrix {
  const tokens = new Map<MatrixAccount, string>();
  const tokenOf = async (actor: MatrixAccount): Promise<string> => {
    const account = MATRIX_ACCOUNTS[actor];
    const known = tokens.get(actor);
    if (known && (await loadActor(h.db.db, known)).kind === account.kind) return known;
    const token = account.kind === 'user' ? await h.loginUser(account.loginName, account.password) : await h.loginStaff(account.loginName, account.password);
    tokens.set(actor, token);
    return token;
  };
  const permissionsOf = async (actor: MatrixAccount): Promise<string[]> => {
    const loaded = await loadActor(h.db.db, await tokenOf(actor));
    return loaded.kind === 'guest' ? [] : [...loaded.permissions];
  };
  return {
    tokenOf,
    permissionsOf,
    expect: async (cases) => {
      const wrong: string[] = [];
      for (const c of cases) {
        for (const [actor, expected] of Object.entries(c.expect) as [MatrixActor, number | number[]][]) {
          const options: CallOptions = { json: c.json, form: c.form };
          if (actor !== 'guest') options.token = await tokenOf(actor);
          const res = await h.call(c.method, c.path, options);
          const allowed = Array.isArray(expected) ? expected : [expected];
          if (!allowed.includes(res.status)) wrong.push(`${c.method} ${c.path} as ${actor}: ${res.status} (expected ${allowed.join(' or ')}) ${res.body.msg}`);
        }
      }
      expect(wrong, `authorisation matrix:\n${wrong.join('\n')}`).toEqual([]);
    },
  };
}

/**
 * The cells that follow from an operation's declaration in the OpenAPI document alone: a guest and
 * the other kind of account get 401 on a signed-in route, an account missing one of its permissions
 * 403. Rows for every route, so a new route is checked without a test naming it.
 */
export async function declaredCells(matrix: AuthorisationMatrix, op: ApiOperation, path: string): Promise<MatrixCase> {
  const cells: MatrixCase['expect'] = {};
  if (op.audience === 'public') return { method: op.method.toUpperCase(), path, expect: cells };
  cells.guest = 401;
  for (const actor of Object.keys(MATRIX_ACCOUNTS) as MatrixAccount[]) {
    if (MATRIX_ACCOUNTS[actor].kind !== op.audience) {
      cells[actor] = 401;
      continue;
    }
    const held = await matrix.permissionsOf(actor);
    if (op.permissions.some((p) => !held.includes(p))) cells[actor] = 403;
  }
  return { method: op.method.toUpperCase(), path, expect: cells };
}
