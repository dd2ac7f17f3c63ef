'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { openLoginDialog, showToast } from '@/lib/ui-events';
import { useHydrated } from '@/lib/use-hydrated';
import { knownVisitor, refreshVisitor } from '@/lib/visitor-islands';

const MAX_QUANTITY = 9999;

function clampQuantity(text: string): number {
  const n = Math.floor(Number(text));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(MAX_QUANTITY, n);
}

/**
 * The two cells of a pack's row that run in the browser: its quantity and its add-to-cart button.
 * Guests get the login dialog, and the pack lands in their cart once they sign in there (`pending-cart`);
 * signed-in customers (the visitor's answer says who, ADR 0076) add through the cart API, and the visitor's
 * answer is asked again so that the header's count follows. The rest of the row is rendered on the server (ADR 0045).
 */
export function PackOrderCells({ packId, label, compact, cell, icon }: {
  packId: number;
  /** The pack as the controls' labels name it (`500 mL`, or `G0001234 500 mL` in a list). */
  label: string;
  compact: boolean;
  /** The row's cell padding classes. */
  cell: string;
  /** Rendered on the server: the button's cart icon. */
  icon: ReactNode;
}) {
  const t = useTranslations('productDetail');
  const hydrated = useHydrated();
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);

  async function add() {
    // A click before the visitor's answer waits for it (a few milliseconds after the page has loaded).
    setBusy(true);
    const signedIn = (await knownVisitor()).user !== null;
    setBusy(false);
    if (!signedIn) {
      // Kept for the sign-in the dialog leads to, which adds it to the cart (the module loads on this click only).
      const num = clampQuantity(quantity);
      openLoginDialog();
      void import('@/lib/pending-cart').then(({ keepPendingCartLine }) => keepPendingCartLine({ packId, num }));
      return;
    }
    setBusy(true);
    try {
      // The API client loads with the first addition to the cart: no part of the page's first load.
      const { apiPost } = await import('@/lib/api-client');
      await apiPost('/api/app/api/order/shopcart/item/add', { packId, num: clampQuantity(quantity) });
      showToast({ kind: 'success', text: t('added'), link: { href: '/order/shoppingcart?default=2', label: t('viewCart') }, durationMs: 6000 });
      void refreshVisitor();
    } catch {
      // The API client has already shown the error, or the sign-in prompt.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <td className={cell}>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          onBlur={(e) => setQuantity(String(clampQuantity(e.target.value)))}
          aria-label={t('quantityFor', { size: label })}
          className={`h-9 rounded-md border border-line px-2 text-sm ${compact ? 'w-16' : 'w-20'}`}
          data-testid="pack-quantity"
        />
      </td>
      <td className={`text-right ${cell}`}>
        <button
          type="button"
          onClick={() => void add()}
          disabled={!hydrated || busy}
          aria-label={t('addToCartFor', { size: label })}
          className="inline-flex h-9 items-center gap-1.5 rounded-md bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60"
          data-testid="add-to-cart"
        >
          {icon}
          {busy ? t('adding') : t('addToCart')}
        </button>
      </td>
    </>
  );
}
