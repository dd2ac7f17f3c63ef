import 'server-only';
import { AppError } from '@/server/errors';

/** A line of a reviewing order, as the approver's edits need it. */
export interface EditableLine {
  id: number;
  itemNo: string;
  num: number;
}

/**
 * The one rule for an approver's quantity changes before approving: a line may be lowered (to 1 at
 * least; removing it is the other edit), never raised, so that the order approved never costs more than
 * the one submitted — the buyer's limits and the company's rules were checked on that. Answers the
 * changes that do change a line, each against its current quantity (the last change of a line counts);
 * a line not of the order is 404 `orderLineNotFound`, a raise 400 `orderQuantityRaised` naming the
 * lines, before anything is written.
 */
export function approverQuantityChanges<L extends EditableLine>(
  lines: readonly L[],
  changes: readonly { itemId: number; num: number }[],
): { line: L; num: number }[] {
  const wanted = new Map<number, number>();
  for (const change of changes) wanted.set(change.itemId, change.num);
  const out: { line: L; num: number }[] = [];
  const raised: string[] = [];
  for (const [itemId, num] of wanted) {
    const line = lines.find((l) => l.id === itemId);
    if (!line) throw new AppError(404, 'orderLineNotFound');
    if (num > line.num) raised.push(line.itemNo);
    else if (num !== line.num) out.push({ line, num });
  }
  if (raised.length) throw new AppError(400, 'orderQuantityRaised', { itemNos: raised.join(', ') });
  return out;
}
