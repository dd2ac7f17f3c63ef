import { expect, test } from '../fixtures';
import { latestCodeTo } from '../outbox';

const TEXT = {
  zh: {
    prefix: '', account: '账号', toRegister: '注册账号', code: '验证码', password: '密码', confirm: '确认密码',
    tip: '请先勾选同意接收短信及隐私政策', privacy: '《隐私政策》', sent: '验证码已发送，请查收', registered: '注册成功',
  },
  en: {
    prefix: '/en', account: 'Account', toRegister: 'Create an account', code: 'Verification code', password: 'Password', confirm: 'Confirm password',
    tip: 'Please tick the box to agree first', privacy: 'privacy policy', sent: 'The verification code has been sent', registered: 'Registered',
  },
} as const;

/** A mobile number of this run, none of the demo's (theirs stay in the outbox whatever the provider). */
function newPhone(lang: string): string {
  return `137${lang === 'zh' ? '1' : '2'}${String(Date.now()).slice(-7)}`;
}

for (const lang of ['zh', 'en'] as const) {
  const x = TEXT[lang];

  test(`asks for consent before a code goes to a mobile number, then registers with it (${lang})`, async ({ page }) => {
    const phone = newPhone(lang);
    await page.goto(`${x.prefix}/?login`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: x.toRegister }).click();
    await dialog.getByLabel(x.account).fill('buyer@demo.example.com');
    // No box for an e-mail address.
    await expect(dialog.getByTestId('sms-consent')).toHaveCount(0);
    await dialog.getByLabel(x.account).fill(phone);
    const consent = dialog.getByTestId('sms-consent');
    await expect(consent).not.toBeChecked();
    const privacy = dialog.getByRole('link', { name: x.privacy });
    await expect(privacy).toHaveAttribute('href', `${x.prefix}/privacy`);
    await expect(privacy).toHaveAttribute('target', '_blank');
    // Without the tick, nothing is sent.
    let asked = false;
    page.on('request', (r) => { if (r.url().endsWith('/api/web/auth/sendCode')) asked = true; });
    await dialog.getByTestId('send-code').click();
    await expect(dialog.getByTestId('tip-smsConsent')).toHaveText(x.tip);
    expect(asked).toBe(false);
    await consent.check();
    await expect(dialog.getByTestId('tip-smsConsent')).toHaveCount(0);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/web/auth/sendCode'));
    await dialog.getByTestId('send-code').click();
    const form = new URLSearchParams((await sent).postData() ?? '');
    expect([form.get('loginName'), form.get('purpose'), form.get('smsConsent')]).toEqual([phone, 'register', 'true']);
    await expect(page.getByTestId('toast').filter({ hasText: x.sent })).toBeVisible();
    await dialog.getByRole('textbox', { name: x.code, exact: true }).fill(await latestCodeTo(phone));
    await dialog.getByLabel(x.password, { exact: true }).fill('Centrifuge#77');
    await dialog.getByLabel(x.confirm).fill('Centrifuge#77');
    await dialog.getByTestId('login-submit').click();
    await expect(page.getByTestId('toast').filter({ hasText: x.registered })).toBeVisible();
  });
}
