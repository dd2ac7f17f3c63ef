'use client';

import { useTranslations } from 'next-intl';
import { HazardMarks } from '@/components/catalog/hazard-marks';
import type { HazardDto } from '@/contracts/hazards';
import { useVisitor } from '@/lib/visitor-islands';

/**
 * A product's hazard marks and, once the visitor's answer names it (ADR 0076), what the signed-in
 * buyer's company rules would hold an order of it for. The page names the product for that answer
 * (`data-visitor-product`); a hazardous product keeps two lines for the note, so nothing below moves.
 */
export function ProductHazardIsland({ productId, hazard }: { productId: number; hazard: HazardDto }) {
  const th = useTranslations('catalog.hazard');
  const visitor = useVisitor();
  const approval = visitor.status === 'ready' ? (visitor.products.get(productId)?.approval ?? null) : null;
  const marked = hazard.hazardous || hazard.controlClass !== null;
  return (
    <div data-visitor-product={productId} className={marked ? 'mt-2 min-h-12' : undefined}>
      <HazardMarks hazard={hazard} approval={approval} />
      {approval?.permitMissing && <p className="mt-1 text-xs text-red-700" data-testid="permit-missing">{th('permitMissing')}</p>}
    </div>
  );
}
