import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localValueImports, sourceFilesUnder } from '../../test/import-cycles.mjs';
import { ACCOUNT_ANTD_COMPONENTS, ACCOUNT_ANTD_CSS_FILE, accountAntdCss } from './antd-css';

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const ACCOUNT_DIR = path.join(SRC, 'app/[locale]/(account)');
/** antd exports without styles of their own. */
const UNSTYLED = new Set(['ConfigProvider', 'Grid', 'theme']);

/** The antd components (values, not types) that the account area's files and what they import take from 'antd'. */
function antdImports(): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const part of (m[1] ?? '').split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) found.set(name.split(/\s+as\s+/)[0] as string, path.relative(ROOT, file));
      }
    }
    for (const target of localValueImports(SRC, file, source)) visit(target);
  };
  for (const file of sourceFilesUnder(ACCOUNT_DIR, { tests: false })) visit(file);
  return found;
}

describe("the account area's antd stylesheet (ADR 0095)", () => {
  it('is what the theme and the installed antd give (npm run gen:antd-css writes it again)', () => {
    const committed = readFileSync(path.join(ROOT, ACCOUNT_ANTD_CSS_FILE), 'utf8');
    const css = accountAntdCss();
    expect(committed === css, `${ACCOUNT_ANTD_CSS_FILE} is stale: run npm run gen:antd-css`).toBe(true);
    // The theme's colour and its variables' key are in it.
    expect(css).toContain('.reagent-account{');
    expect(css).toMatch(/--ant-color-primary:#1f6feb/i);
  }, 60_000);

  it('styles every antd component the account area imports', () => {
    const imports = antdImports();
    expect(imports.size).toBeGreaterThan(10);
    const missing = [...imports].filter(([name]) => !UNSTYLED.has(name) && !(ACCOUNT_ANTD_COMPONENTS as readonly string[]).includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
