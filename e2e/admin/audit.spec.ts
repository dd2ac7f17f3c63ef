import { expect, expectHydrated, loginAs, test } from '../fixtures';
import { slow } from '../back-office';

test.describe.configure({ timeout: 120_000 });

for (const [locale, prefix, l] of [
  ['zh', '', { contract: '合同', approval: '审批申请', awaiting: '待审批', state: '状态', all: '全部对象' }],
  ['en', '/en', { contract: 'Contract', approval: 'Approval request', awaiting: 'Awaiting approval', state: 'State', all: 'All entities' }],
] as const) {
  test(`the audit log speaks in labels and links each row to its record by number (${locale})`, async ({ page }) => {
    await loginAs(page, 'admin');
    const contracts = ((await (await page.request.get('/api/admin/contracts?limit=100')).json()) as { data: { items: { id: number; contractNo: string }[] } }).data.items;
    const numbers = new Map(contracts.map((c) => [c.contractNo, c.id]));

    await page.goto(`${prefix}/admin/audit?entity=contract`);
    await expectHydrated(page);
    const view = page.getByTestId('audit-view');
    await slow(view.getByTestId('audit-record').first()).toBeVisible();
    // Each row: the object's label and the contract's stored number, as the contract list has it.
    const objects = await view.getByTestId('audit-object').allInnerTexts();
    expect(objects.length).toBeGreaterThan(0);
    for (const text of objects) expect(text).toMatch(new RegExp(`^${l.contract} HT\\d{13}$`));
    for (const no of await view.getByTestId('audit-record').allInnerTexts()) expect(numbers.has(no), no).toBe(true);
    // Actions, fields and states by their labels: no code, no internal field.
    for (const action of await view.getByTestId('audit-action').allInnerTexts()) expect(action).not.toMatch(/^[a-z][A-Za-z_]*$/);
    await expect(view.getByTestId('audit-change').filter({ hasText: `${l.state}:` }).filter({ hasText: l.awaiting }).first()).toBeVisible();
    const text = await view.innerText();
    for (const code of ['pending_approval', 'contractNo', 'entityType', '#']) expect(text).not.toContain(code);

    // The type filter lists labels.
    await page.getByTestId('audit-entity-filter').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(options.first()).toBeVisible();
    const labels = await options.allInnerTexts();
    expect(labels).toContain(l.all);
    expect(labels).toContain(l.approval);
    for (const label of labels) expect(label).not.toMatch(/_/);
    await page.keyboard.press('Escape');

    // The number links to the contract it names, and so does another row's while the contracts view is kept
    // alive behind its tab (the link's query opens the record it names, not the one the view showed before).
    const links = view.getByTestId('audit-record');
    const first = links.first();
    const no = await first.innerText();
    expect(await first.getAttribute('href')).toBe(`${prefix}/admin/contracts?id=${numbers.get(no)}`);
    const texts = await links.allInnerTexts();
    const otherIndex = texts.findIndex((t) => t !== no);
    expect(otherIndex, 'two contracts in the audit log').toBeGreaterThan(0);
    await first.click();
    await slow(page.getByTestId('contract-record')).toContainText(no);
    await page.goBack();
    await slow(view.getByTestId('audit-record').first()).toBeVisible();
    await view.getByTestId('audit-record').nth(otherIndex).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts\\?id=${numbers.get(texts[otherIndex]!)}$`));
    await slow(page.getByTestId('contract-record')).toContainText(texts[otherIndex]!);
  });
}

for (const [locale, prefix, l] of [
  ['zh', '', { category: '类别', names: ['质量问题', '包装破损', '发错货', '数量短缺', '效期问题', '资料 / COA 问题', '物流配送', '其他'] }],
  ['en', '/en', { category: 'Category', names: ['Quality', 'Damaged packaging', 'Wrong item', 'Short delivery', 'Expiry date', 'Documents / COA', 'Delivery', 'Other'] }],
] as const) {
  test(`a complaint's category shows by its name in the audit log, never as its code (${locale})`, async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto(`${prefix}/admin/audit?entity=complaint`);
    await expectHydrated(page);
    const view = page.getByTestId('audit-view');
    const category = view.getByTestId('audit-change').filter({ hasText: `${l.category}:` });
    await slow(category.first()).toBeVisible();
    for (const text of await category.allInnerTexts()) expect(l.names.some((name) => text.endsWith(`→ ${name}`)), text).toBe(true);
    expect(await view.innerText()).not.toContain('wrong_item');
  });
}
