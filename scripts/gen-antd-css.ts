// `npm run gen:antd-css [-- --check]`: writes the account area's antd stylesheet
// (src/components/account/antd-account.css) from its theme (ADR 0095); `--check` exits with 1 when
// the file differs from what the theme and the installed antd give (the unit suite checks the same).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { accountAntdCss, ACCOUNT_ANTD_CSS_FILE } from './lib/antd-css';

const file = path.resolve(import.meta.dirname, '..', ACCOUNT_ANTD_CSS_FILE);
const css = accountAntdCss();
if (process.argv.includes('--check')) {
  const same = readFileSync(file, 'utf8') === css;
  process.stdout.write(same ? `${ACCOUNT_ANTD_CSS_FILE} is up to date\n` : `${ACCOUNT_ANTD_CSS_FILE} is stale: run npm run gen:antd-css\n`);
  process.exit(same ? 0 : 1);
}
writeFileSync(file, css);
process.stdout.write(`wrote ${ACCOUNT_ANTD_CSS_FILE} (${(Buffer.byteLength(css) / 1024).toFixed(1)} KiB)\n`);
