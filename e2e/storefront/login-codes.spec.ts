import { expect, test } from '../fixtures';
import { latestCodeTo, latestMessageTo } from '../outbox';

// Each project signs in a different account (a target gets one code a minute).
const TARGETS: Record<string, Record<string, string>> = {
  desktop: { zh: 'approver@demo.example.com', en: 'buyer@univ.example.com' },
  mobile: { zh: 'admin@demo.example.com', en: 'employee@demo.example.com' },
};

for (const { lang, prefix, account, title, byCode, code, getCode, countdown, loggedIn } of [
  { lang: 'zh', prefix: '', account: '账号', title: '账号登录', byCode: '验证码登录', code: '验证码', getCode: '获取验证码', countdown: /^(60|59|58) 秒$/, loggedIn: '登录成功' },
  { lang: 'en', prefix: '/en', account: 'Account', title: 'Sign in', byCode: 'Code', code: 'Verification code', getCode: 'Get code', countdown: /^(60|59|58) s$/, loggedIn: 'Logged in' },
]) {
  test(`signs in by a code from the outbox (${lang}), the button counting down meanwhile @mobile`, async ({ page }, testInfo) => {
    const target = TARGETS[testInfo.project.name]![lang]!;
    await page.goto(`${prefix}/?login`);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: byCode }).click();
    await dialog.getByLabel(account).fill(target);
    const button = dialog.getByTestId('send-code');
    await expect(button).toHaveText(getCode);
    await button.click();
    await expect(button).toHaveText(countdown);
    await expect(button).toBeDisabled();
    // The count goes down second by second.
    const first = Number((await button.textContent())?.match(/\d+/)?.[0]);
    await expect.poll(async () => Number((await button.textContent())?.match(/\d+/)?.[0]), { timeout: 5000 }).toBeLessThan(first);
    await dialog.getByRole('textbox', { name: code, exact: true }).fill(await latestCodeTo(target));
    await dialog.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: loggedIn })).toBeVisible();
    await expect(page.getByTestId('header-username')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
}

test('asks for the login name before sending a code', async ({ page }) => {
  await page.goto('/?login');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '验证码登录' }).click();
  await dialog.getByTestId('send-code').click();
  await expect(dialog.getByTestId('tip-loginName')).toHaveText('邮箱格式不正确');
  await expect(dialog.getByTestId('send-code')).toBeEnabled();
});

test('registers a new customer with a code and lands signed in', async ({ page }) => {
  const address = `e2e-${Date.now().toString(36)}@lab.example`;
  await page.goto('/?login');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '注册账号' }).click();
  await dialog.getByLabel('账号').fill(address);
  await dialog.getByTestId('send-code').click();
  await expect(page.getByTestId('toast').filter({ hasText: '验证码已发送，请查收' })).toBeVisible();
  expect(await latestMessageTo(address)).toContain('您正在注册优试剂账号');
  await dialog.getByRole('textbox', { name: '验证码', exact: true }).fill(await latestCodeTo(address));
  await dialog.getByLabel('密码', { exact: true }).fill('Centrifuge#77');
  await dialog.getByLabel('确认密码').fill('Centrifuge#77');
  await dialog.getByTestId('login-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: '注册成功' })).toBeVisible();
  await expect(page.getByTestId('header-username')).toHaveText(address.split('@')[0]!);
});

test('a second code inside 60 seconds is refused with the remaining seconds', async ({ page }) => {
  const address = `cooldown-${Date.now().toString(36)}@lab.example`;
  await page.goto('/en/?login');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Account').fill(address);
  await dialog.getByTestId('send-code').click();
  await expect(dialog.getByTestId('send-code')).toBeDisabled();
  // A fresh dialog has no countdown, but the server still refuses within the minute.
  await page.goto('/en/?login');
  const again = page.getByRole('dialog');
  await again.getByRole('button', { name: 'Forgot password?' }).click();
  await again.getByLabel('Account').fill(address);
  await again.getByTestId('send-code').click();
  await expect(page.getByRole('alert').filter({ hasText: /A code was just sent; you can ask for another in \d+ s/ })).toBeVisible();
  await expect(again.getByTestId('send-code')).toBeDisabled();
});
