import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDisposition } from './routes';
import { createLocalFileStore, resolveKey } from './store';

const root = mkdtempSync(path.join(tmpdir(), 'store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveKey', () => {
  it('accepts plain relative keys inside the root', () => {
    expect(resolveKey(root, 'coa/A1234-567/L2501A123.pdf')).toBe(path.join(root, 'coa/A1234-567/L2501A123.pdf'));
  });

  it('refuses keys that could leave the root', () => {
    for (const key of ['', '../x', 'a/../../x', '/etc/passwd', 'a\\..\\x', 'a//b', './a', 'a/./b', '..', 'a/..', `${'a'.repeat(301)}`, 'a/b\u0000.pdf', 'C:/x']) {
      expect(resolveKey(root, key), key).toBeNull();
    }
  });
});

describe('local file store', () => {
  it('writes, checks and reads a file', async () => {
    const store = createLocalFileStore(root);
    expect(await store.exists('x/y.pdf')).toBe(false);
    await store.write('x/y.pdf', new TextEncoder().encode('%PDF-1.7'));
    expect(await store.exists('x/y.pdf')).toBe(true);
    const file = await store.open('x/y.pdf');
    expect(file?.size).toBe(8);
    expect(await new Response(file?.stream()).text()).toBe('%PDF-1.7');
    expect(await store.open('x/missing.pdf')).toBeNull();
    await expect(store.write('../escape.pdf', new Uint8Array())).rejects.toThrow(/Unsafe/);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('乙酸乙酯 "COA".pdf')).toBe(`attachment; filename="____ _COA_.pdf"; filename*=UTF-8''${encodeURIComponent('乙酸乙酯 "COA".pdf')}`);
  });
});
