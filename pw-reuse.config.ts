import base from '/work/main/playwright.config';
export default { ...base, webServer: { ...base.webServer, reuseExistingServer: true } };
