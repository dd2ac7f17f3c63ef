import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '@/server/http/file-reply';
import { startTestS3, type TestS3 } from '../../../../test/s3-server';
import { createLocalFileStore, createS3FileStore, type FileStore, getFileStore, resolveKey, s3SettingsFromEnv } from './store';

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

/** What every store must do, whatever holds the bytes. */
async function storeContract(store: FileStore): Promise<void> {
  expect(await store.exists('x/y.pdf')).toBe(false);
  await store.write('x/y.pdf', new TextEncoder().encode('%PDF-1.7'));
  expect(await store.exists('x/y.pdf')).toBe(true);
  const file = await store.open('x/y.pdf');
  expect(file?.size).toBe(8);
  expect(await new Response(file?.stream()).text()).toBe('%PDF-1.7');
  // A second write replaces the file whole.
  const big = new Uint8Array(300_000).map((_, i) => i % 251);
  await store.write('x/y.pdf', big);
  const again = await store.open('x/y.pdf');
  expect(again?.size).toBe(big.byteLength);
  expect(new Uint8Array(await new Response(again?.stream()).arrayBuffer())).toEqual(big);
  expect(await store.open('x/missing.pdf')).toBeNull();
  expect(await store.exists('x')).toBe(false);
  // Removing takes the file away; removing what is not there is no error.
  await store.remove('x/y.pdf');
  expect(await store.exists('x/y.pdf')).toBe(false);
  expect(await store.open('x/y.pdf')).toBeNull();
  await store.remove('x/y.pdf');
  for (const key of ['../escape.pdf', '/etc/passwd', 'a//b']) {
    await expect(store.write(key, new Uint8Array())).rejects.toThrow(/Unsafe/);
    await expect(store.remove(key)).rejects.toThrow(/Unsafe/);
    expect(await store.open(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
  }
}

describe('local file store', () => {
  it('writes, checks and reads a file', async () => {
    await storeContract(createLocalFileStore(root));
  });
});

describe('S3 file store (a local S3-compatible server)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('writes, checks and reads a file under a prefix', async () => {
    const settings = s3SettingsFromEnv({ ...s3.env, S3_PREFIX: '/shop/files/' });
    expect(settings).toMatchObject({ bucket: s3.bucket, prefix: 'shop/files', forcePathStyle: true });
    await storeContract(createS3FileStore(settings!));
  });

  it('is what getFileStore gives when S3_BUCKET is set, and the folder otherwise', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, s3.env);
      const store = getFileStore();
      expect(store.root).toBe(`s3://${s3.bucket}/`);
      expect(getFileStore()).toBe(store);
      await store.write('coa/a.pdf', new TextEncoder().encode('%PDF-1.4 a'));
      // Another store on the same bucket (another instance) reads what this one wrote.
      const other = createS3FileStore(s3SettingsFromEnv(s3.env)!);
      expect(await new Response((await other.open('coa/a.pdf'))?.stream()).text()).toBe('%PDF-1.4 a');
      delete process.env.S3_BUCKET;
      expect(getFileStore().root.startsWith('s3://')).toBe(false);
    } finally {
      for (const key of Object.keys(s3.env)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });

  it('fails loudly when the store cannot be reached, rather than answering "missing"', async () => {
    const store = createS3FileStore(s3SettingsFromEnv({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' })!);
    await expect(store.exists('x/y.pdf')).rejects.toThrow();
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('乙酸乙酯 "COA".pdf')).toBe(`attachment; filename="____ _COA_.pdf"; filename*=UTF-8''${encodeURIComponent('乙酸乙酯 "COA".pdf')}`);
  });
});
