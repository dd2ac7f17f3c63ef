import 'server-only';
import type { ContainerState, LedgerKind } from '@/server/db/schema';
import { AppError } from '@/server/errors';

/** A container's balance (in ten-thousandths of its unit) and state before or after a movement. */
export interface Holding {
  remaining: number;
  state: ContainerState;
}

/**
 * The rule of one movement of a container's ledger, without the database (ADR 0089): what the balance and
 * state become. `delta` is in ten-thousandths: received +, used −, moved 0, disposed − (the rest: the
 * balance is 0 after), correction ±. The balance never goes below zero (400 `inventoryBelowZero`); a used
 * amount of zero or more than is left is refused; a disposed container takes no movement at all (409); a use that empties the container makes it `empty`, and a correction
 * that gives an empty container an amount again brings it back in use.
 */
export function applyMovement(before: Holding, kind: LedgerKind, delta: number): Holding {
  if (!Number.isSafeInteger(delta)) throw new AppError(400, 'inventoryAmountInvalid', [{ field: 'amount', message: 'inventoryAmountInvalid' }]);
  if (before.state === 'disposed') throw new AppError(409, 'inventoryDisposed');
  switch (kind) {
    case 'received':
      if (delta <= 0) throw new AppError(400, 'inventoryAmountInvalid', [{ field: 'amount', message: 'inventoryAmountInvalid' }]);
      return { remaining: before.remaining + delta, state: 'in_use' };
    case 'used': {
      if (delta >= 0) throw new AppError(400, 'inventoryAmountInvalid', [{ field: 'amount', message: 'inventoryAmountInvalid' }]);
      if (before.state === 'empty') throw new AppError(409, 'inventoryEmpty');
      const remaining = before.remaining + delta;
      if (remaining < 0) throw new AppError(400, 'inventoryBelowZero', [{ field: 'amount', message: 'inventoryBelowZero' }]);
      return { remaining, state: remaining === 0 ? 'empty' : 'in_use' };
    }
    case 'moved':
      if (delta !== 0) throw new AppError(400, 'inventoryAmountInvalid');
      return { ...before };
    case 'disposed':
      if (delta !== -before.remaining) throw new AppError(400, 'inventoryAmountInvalid');
      return { remaining: 0, state: 'disposed' };
    case 'correction': {
      if (delta === 0) throw new AppError(400, 'inventoryAmountInvalid', [{ field: 'delta', message: 'inventoryAmountInvalid' }]);
      const remaining = before.remaining + delta;
      if (remaining < 0) throw new AppError(400, 'inventoryBelowZero', [{ field: 'delta', message: 'inventoryBelowZero' }]);
      return { remaining, state: remaining === 0 ? 'empty' : 'in_use' };
    }
  }
}
