// Runs the Playwright suite in Debian's Chromium. Without a browser the suite is skipped with
// the install command, unless REQUIRE_E2E=1 makes that a failure. The suite starts on a freshly
// seeded .data/e2e: removed here, unless E2E_PREPARED=1 says scripts/test.mjs has just made it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chromiumPath } from './lib/chromium.mjs';

const browser = chromiumPath();
if (!browser) {
  const hint = 'install it with: sudo apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH)';
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`e2e: no Chromium found and REQUIRE_E2E=1 — ${hint}`);
    process.exit(1);
  }
  console.log(`e2e: SKIPPED — no Chromium found; ${hint}`);
  process.exit(0);
}
if (process.env.E2E_PREPARED !== '1') rmSync('.data/e2e', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: browser },
});
process.exit(result.status ?? 1);
