import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const launchOptions = {
  executablePath: chromiumPath() ?? '/usr/bin/chromium-headless-shell',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // No retry, in CI either: a test that passes only on its second try is a failure to fix, not to hide.
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'zh-CN',
    // As a visitor who asked for reduced motion: dialogs, menus and select lists appear at once (the
    // back-office and the account area honour the preference), so no click lands on a popup still moving in.
    reducedMotion: 'reduce',
    // Recording a trace costs the browser about a sixth of the suite's time (DOM snapshots and a screencast
    // of every test): CI, which retries nothing, keeps a screenshot of each failure; a local run keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, grep: /@mobile/ },
  ],
  webServer: {
    command: 'node --conditions=react-server --import tsx scripts/start.ts',
    url: `http://localhost:${PORT}/api/ready`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(PORT), DATA_DIR: '.data/e2e', DATABASE_URL: '', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn' },
  },
});
