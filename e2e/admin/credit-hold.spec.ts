import { expect, expectHydrated, expectLoaded, expectNoHorizontalOverflow, test } from '../fixtures';
import { slow, switchTo } from '../back-office';
import { placeUniversityOrder, productWithLot, setUniversityCreditLimit, universityCustomer } from '../order-desk';

test.describe.configure({ timeout: 180_000 });

for (const [locale, prefix, l] of [
  ['zh', '', {
    heldTitle: '订单已下单，待财务审核', heldReason: '本单将超出贵单位的信用额度', held: '信用冻结', system: '系统', allocated: '已配货',
    deskReason: '订单将超出客户的信用额度', releaseReason: '客户已承诺本周付款', releasedLog: '解除冻结',
  }],
  ['en', '/en', {
    heldTitle: 'The order is placed and waits for our finance team', heldReason: 'this order takes your company over its credit limit', held: 'On credit hold',
    system: 'System', allocated: 'Allocated', deskReason: 'the order takes the customer over the credit limit', releaseReason: 'The customer promised payment this week',
    releasedLog: 'Released from hold',
  }],
] as const) {
  test(`a customer over its credit limit has its new order held; the buyer is told why; finance releases it (${locale}) @mobile`, async ({ page }) => {
    await switchTo(page, 'ops');
    const product = await productWithLot(page, { tag: `H${locale.toUpperCase()}` });
    // The university's credit limit is lowered below any order for the test, and given back at its end.
    const before = await setUniversityCreditLimit(page, '1.00');
    try {
      const order = await placeUniversityOrder(page, [{ packId: product.packId, num: 1 }], { key: `hold-${locale}` });

      // The buyer's order page says why the order waits, in the page's language, within a phone's width.
      await page.goto(`${prefix}/order/detail?id=${order.id}`);
      await expectHydrated(page);
      const notice = page.getByTestId('order-held');
      await slow(notice).toBeVisible();
      await expect(notice).toContainText(l.heldTitle);
      await expect(notice).toContainText(l.heldReason);
      await expectNoHorizontalOverflow(page);
      const box = await notice.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await expect(page.getByTestId('my-fulfilment')).toHaveText(l.held);
      // The hold is the shop's rule, not the buyer's doing: the timeline says the system held it.
      const hold = page.getByTestId('order-timeline').locator('[data-action="hold"]');
      await expect(hold).toContainText(l.system);
      await expect(hold).not.toContainText('刘洋');

      // Finance opens the order: held, with the reason, and nothing to ship; they release it with a reason.
      await switchTo(page, 'finance');
      await page.goto(`${prefix}/admin/orders/list?id=${order.id}`);
      await expectHydrated(page);
      const allocation = page.getByTestId('allocation-section');
      const held = allocation.getByTestId('allocation-held');
      await slow(held).toBeVisible();
      await expectLoaded(page);
      await expect(held).toContainText(l.deskReason);
      // The reason reads across the notice, on a phone too: the release button does not squeeze it into a column.
      const [heldBox, titleBox] = [await held.boundingBox(), await held.locator('.ant-alert-title').boundingBox()];
      expect(titleBox!.width).toBeGreaterThan(heldBox!.width * 0.6);
      await expect(allocation.getByTestId('order-fulfilment')).toHaveText(l.held);
      await expect(page.getByTestId('order-shipments').getByTestId('ship-open')).toHaveCount(0);
      await held.getByTestId('allocation-release').click();
      const dialog = page.getByTestId('allocation-release-dialog');
      await dialog.getByTestId('allocation-release-dialog-reason').fill(l.releaseReason);
      await dialog.getByTestId('allocation-release-dialog-ok').click();
      await slow(allocation.getByTestId('allocation-notice')).toBeVisible();
      await slow(allocation.getByTestId('order-fulfilment')).toHaveText(l.allocated);
      await expect(allocation.getByTestId('allocation-lot')).toContainText(product.lotNo);
      await expect(held).toHaveCount(0);

      // The buyer's page no longer speaks of a hold; the timeline has finance's release with its reason.
      await switchTo(page, 'univ');
      await page.goto(`${prefix}/order/detail?id=${order.id}`);
      await expectHydrated(page);
      await slow(page.getByTestId('my-fulfilment')).toHaveText(l.allocated);
      await expect(page.getByTestId('order-held')).toHaveCount(0);
      await expect(page.getByTestId('order-timeline').locator('[data-action="release"]')).toContainText(l.releasedLog);
    } finally {
      await setUniversityCreditLimit(page, before);
    }
    // The limit is given back, so that the university's next orders pass.
    expect((await universityCustomer(page)).creditLimit).toBe(before);
  });
}
