import { useTranslations } from 'next-intl';
import type { ContainerDto } from '@/contracts/inventory';

const CHIP = 'whitespace-nowrap rounded border px-1.5 py-px text-xs font-medium';

/**
 * A container's marks on the shelf: its control class (易制毒, 易制爆, 剧毒), dangerous goods, its state when
 * not in use, and an expiry that is near or past (`today` as `YYYY-MM-DD`, from the server).
 */
export function InventoryMarks({ container, today }: { container: Pick<ContainerDto, 'controlClass' | 'hazardous' | 'state' | 'expiresOn' | 'retestOn'>; today: string }) {
  const t = useTranslations('inventory.marks');
  const due = container.expiresOn ?? container.retestOn;
  const soon = due !== null && container.state === 'in_use' && due >= today && due <= addDays(today, 30);
  const expired = due !== null && container.state === 'in_use' && due < today;
  // Nothing to mark: no element, so a phone card keeps no empty line for it.
  if (!container.controlClass && !container.hazardous && container.state === 'in_use' && !expired && !soon) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1 align-middle" data-testid="inventory-marks">
      {container.controlClass && <span className={`${CHIP} border-red-300 bg-red-50 text-red-700`} data-testid="mark-control" data-control={container.controlClass}>{t(container.controlClass)}</span>}
      {container.hazardous && <span className={`${CHIP} border-amber-300 bg-amber-50 text-amber-800`}>{t('hazardous')}</span>}
      {container.state !== 'in_use' && <span className={`${CHIP} border-gray-300 bg-gray-50 text-gray-600`} data-testid="mark-state">{t(`state.${container.state}`)}</span>}
      {expired && <span className={`${CHIP} border-red-400 bg-red-600 text-white`} data-testid="mark-expired">{container.expiresOn ? t('expired') : t('retestDue')}</span>}
      {soon && <span className={`${CHIP} border-orange-300 bg-orange-50 text-orange-700`} data-testid="mark-soon">{t('expiresSoon')}</span>}
    </span>
  );
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
