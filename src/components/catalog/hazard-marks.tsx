import { useTranslations } from 'next-intl';
import type { ApprovalNoteDto, HazardDto } from '@/contracts/hazards';

/**
 * A product's 易制毒/易制爆 and 危险品 marks and, for a signed-in buyer whose company's rules would hold
 * an order of it, what the approval needs ("需审批：易制毒许可证") — shown on lists, the product page,
 * quick order and the cart, before the buyer commits. Renders on the server or in the browser alike.
 */
export function HazardMarks({ hazard, approval, className = '' }: { hazard: HazardDto; approval?: ApprovalNoteDto | null; className?: string }) {
  const t = useTranslations('catalog.hazard');
  if (!hazard.hazardous && hazard.controlClass === null && !approval) return null;
  const reasons: string[] = [];
  if (approval?.reasons.includes('hazardous')) reasons.push(t('reasonHazardous'));
  if (approval?.reasons.includes('controlled') && hazard.controlClass) {
    reasons.push(approval.permit ? t(`reasonPermit.${hazard.controlClass}`) : t(`reasonControlled.${hazard.controlClass}`));
  }
  return (
    <span className={`inline-flex flex-wrap items-center gap-1 align-middle ${className}`} aria-label={t('label')} role="group" data-testid="hazard-marks">
      {hazard.controlClass && (
        <span className="whitespace-nowrap rounded border border-red-300 bg-red-50 px-1.5 py-px text-xs font-medium text-red-700" data-testid="mark-control" data-control={hazard.controlClass}>
          {t(hazard.controlClass)}
        </span>
      )}
      {hazard.hazardous && (
        <span className="whitespace-nowrap rounded border border-amber-300 bg-amber-50 px-1.5 py-px text-xs font-medium text-amber-800" data-testid="mark-hazardous">
          {t('hazardous')}
        </span>
      )}
      {reasons.length > 0 && (
        <span className="text-xs text-red-700" data-testid="approval-note" title={approval?.permitMissing ? t('permitMissing') : undefined}>
          {t('needs', { reasons: reasons.join(t('separator')) })}
        </span>
      )}
    </span>
  );
}
