import { expect, expectHydrated, expectNoHorizontalOverflow, loginAs, test } from '../fixtures';

const TEXT = {
  zh: {
    prefix: '', title: '账号登录', account: '账号', password: '密码', submit: '登录', code: '验证码', byCode: '验证码登录',
    tips: { loginName: '邮箱格式不正确', password: '账号密码格式不正确', repeatPwd: '两次密码不一致', verifyCode: '验证码格式不正确' },
    toRegister: '注册账号', toReset: '忘记密码？', confirm: '确认密码', registerTitle: '注册账号', resetTitle: '找回密码',
    loggedIn: '登录成功', badCredentials: '账号或密码错误', close: '关闭',
  },
  en: {
    prefix: '/en', title: 'Sign in', account: 'Account', password: 'Password', submit: 'Sign in', code: 'Verification code', byCode: 'Code',
    tips: { loginName: 'Incorrect e-mail format', password: 'Incorrect account or password format', repeatPwd: 'The two passwords do not match', verifyCode: 'Incorrect verification code format' },
    toRegister: 'Create an account', toReset: 'Forgot password?', confirm: 'Confirm password', registerTitle: 'Create an account', resetTitle: 'Reset password',
    loggedIn: 'Logged in', badCredentials: 'Wrong account or password', close: 'Close',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const x = TEXT[lang];

  test.describe(`login dialog (${lang})`, () => {
    test(`opens from ?login for a guest and signs in by password @mobile`, async ({ page }) => {
      await page.goto(`${x.prefix}/?login`);
      const dialog = page.getByRole('dialog', { name: x.title });
      await expect(dialog).toBeVisible();
      const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBe(300);
      await expectNoHorizontalOverflow(page);
      await dialog.getByLabel(x.account).fill('buyer@demo.example.com');
      await dialog.getByLabel(x.password, { exact: true }).fill('Reagent#2026');
      const sent = page.waitForRequest((r) => r.url().endsWith('/api/web/auth/login'));
      await dialog.getByRole('button', { name: x.submit, exact: true }).click();
      const body = (await sent).postData() ?? '';
      // The password leaves the browser only as its SHA-256 digest.
      expect(body).not.toContain('Reagent');
      expect(new URLSearchParams(body).get('password')).toMatch(/^[0-9a-f]{64}$/);
      await expect(page.getByTestId('toast')).toContainText(x.loggedIn);
      await expect(page.getByTestId('header-username')).toHaveText('李娜');
      await expect(page).not.toHaveURL(/login/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{40,}$/);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({ name: '李娜', company: '上海示例生物科技有限公司' });
    });

    test('shows each inline tip and clears it when its field changes', async ({ page }) => {
      await page.goto(`${x.prefix}/?login`);
      await expect(page.getByRole('dialog', { name: x.title })).toBeVisible();
      const dialog = page.getByTestId('login-dialog');
      await dialog.getByRole('button', { name: x.submit, exact: true }).click();
      await expect(dialog.getByTestId('tip-loginName')).toHaveText(x.tips.loginName);
      await expect(dialog.getByTestId('tip-password')).toHaveText(x.tips.password);
      await dialog.getByLabel(x.account).fill('b');
      await expect(dialog.getByTestId('tip-loginName')).toHaveCount(0);
      await expect(dialog.getByTestId('tip-password')).toBeVisible();
      await dialog.getByLabel(x.password, { exact: true }).fill('short');
      await expect(dialog.getByTestId('tip-password')).toHaveCount(0);
      // Code and repeat-password tips live in the other modes.
      await dialog.getByRole('button', { name: x.toRegister }).click();
      await expect(page.getByRole('dialog', { name: x.registerTitle })).toBeVisible();
      await dialog.getByLabel(x.account).fill('someone@lab.example');
      await dialog.getByRole('textbox', { name: x.code, exact: true }).fill('12a');
      await dialog.getByLabel(x.password, { exact: true }).fill('Longenough#1');
      await dialog.getByLabel(x.confirm).fill('Different#1');
      await dialog.getByTestId('login-submit').click();
      await expect(dialog.getByTestId('tip-verifyCode')).toHaveText(x.tips.verifyCode);
      await expect(dialog.getByTestId('tip-repeatPwd')).toHaveText(x.tips.repeatPwd);
      await expect(dialog.getByTestId('tip-loginName')).toHaveCount(0);
      await dialog.getByRole('textbox', { name: x.code, exact: true }).fill('123456');
      await expect(dialog.getByTestId('tip-verifyCode')).toHaveCount(0);
      await dialog.getByLabel(x.confirm).fill('Longenough#1');
      await expect(dialog.getByTestId('tip-repeatPwd')).toHaveCount(0);
      await dialog.getByRole('button', { name: /去登录|Sign in/ }).click();
      await dialog.getByRole('button', { name: x.toReset }).click();
      await expect(page.getByRole('dialog', { name: x.resetTitle })).toBeVisible();
    });

    test('a wrong password shows the server message as an error toast', async ({ page }) => {
      await page.goto(`${x.prefix}/?login`);
      const dialog = page.getByRole('dialog', { name: x.title });
      await dialog.getByLabel(x.account).fill('employee@demo.example.com');
      await dialog.getByLabel(x.password, { exact: true }).fill('Not-the-password');
      await dialog.getByRole('button', { name: x.submit, exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: x.badCredentials });
      await expect(toast).toBeVisible();
      await expect(toast).toHaveAttribute('data-kind', 'error');
      await expect(dialog).toBeVisible();
    });
  });
}

test('closing the dialog goes home and leaves the visitor signed out', async ({ page }) => {
  await page.goto('/en/?login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password', { exact: true }).fill('secret-typed');
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/web/auth/logout'));
  await dialog.getByRole('button', { name: 'Close' }).click();
  await logout;
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('login-link')).toBeVisible();
});

test('Escape closes the dialog too', async ({ page }) => {
  await page.goto('/?login');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByLabel('账号')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('the login link and the guest cart open the dialog in place @mobile', async ({ page }) => {
  await page.goto('/en/404');
  await page.getByTestId('login-link').click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/');
  await page.getByTestId('guest-cart').click();
  await expect(page.getByRole('dialog', { name: '账号登录' })).toBeVisible();
});

test('a signed-in visitor is not asked to sign in by ?login', async ({ page }) => {
  await page.goto('/');
  await loginAs(page, 'buyer');
  await page.goto('/?login');
  await expect(page.getByTestId('header-username')).toBeVisible();
  await expectHydrated(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toBeVisible();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-link')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a network failure at sign-in shows the network line', async ({ page }) => {
  await page.goto('/?login');
  await page.route('**/api/web/auth/login', (route) => route.abort('internetdisconnected'));
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('账号').fill('buyer@demo.example.com');
  await dialog.getByLabel('密码', { exact: true }).fill('Reagent#2026');
  await dialog.getByTestId('login-submit').click();
  await expect(page.getByRole('alert').filter({ hasText: '网络开小差，请稍后再试！' })).toBeVisible();
  await expect(dialog.getByTestId('login-submit')).toBeEnabled();
});
