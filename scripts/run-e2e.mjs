// Runs the Playwright suite in Debian's Chromium. Without a browser the suite is skipped with
// the install command, unless REQUIRE_E2E=1 makes that a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const browser = candidates.find((p) => existsSync(p));
if (!browser) {
  const hint = 'install it with: sudo apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH)';
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`e2e: no Chromium found and REQUIRE_E2E=1 — ${hint}`);
    process.exit(1);
  }
  console.log(`e2e: SKIPPED — no Chromium found; ${hint}`);
  process.exit(0);
}
rmSync('.data/e2e', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
});
process.exit(result.status ?? 1);
