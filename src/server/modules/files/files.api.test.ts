import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contentItems, productDocuments } from '@/server/db/schema';
import { ensureSeedFiles } from '@/server/seed/files';
import { fileApiHarness } from '../../../../test/api';
import { startTestS3, type TestS3 } from '../../../../test/s3-server';
import { getFileStore } from './store';

const h = fileApiHarness();
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'files-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  const first = await ensureSeedFiles(h.db.db, getFileStore());
  expect(first.written).toBe(first.checked);
  const second = await ensureSeedFiles(h.db.db, getFileStore());
  expect(second.written).toBe(0);
});
afterAll(async () => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

describe('downloads from an S3-compatible store (S3_BUCKET set)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
    Object.assign(process.env, s3.env);
  });
  afterAll(async () => {
    for (const key of Object.keys(s3.env)) delete process.env[key];
    await s3.close();
  });

  it('seeds the documents into the bucket and streams them from there; a missing object is a 404', async () => {
    const store = getFileStore();
    expect(store.root).toBe(`s3://${s3.bucket}/`);
    const seeded = await ensureSeedFiles(h.db.db, store);
    expect(seeded.written).toBeGreaterThan(0);
    const [doc] = await h.db.db.select().from(productDocuments).where(eq(productDocuments.kind, 'coa')).limit(1);
    const res = await h.app.request(`/api/web/files/document/${doc?.id}`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    await h.db.db.update(productDocuments).set({ filePath: 'coa/not-in-the-bucket.pdf' }).where(eq(productDocuments.id, doc?.id as number));
    try {
      expect((await h.app.request(`/api/web/files/document/${doc?.id}`)).status).toBe(404);
    } finally {
      await h.db.db.update(productDocuments).set({ filePath: doc?.filePath as string }).where(eq(productDocuments.id, doc?.id as number));
    }
  });
});

describe('GET /api/web/files/document/:id', () => {
  it('streams a COA as a PDF attachment with its file name', async () => {
    const [doc] = await h.db.db.select().from(productDocuments).where(eq(productDocuments.kind, 'coa')).limit(1);
    const res = await h.app.request(`/api/web/files/document/${doc?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename=".+_COA_${doc?.lotNo}\\.pdf"`));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
  });

  it('answers 404 for an unknown id, a malformed id, or a file missing from the store', async () => {
    for (const id of ['999999', 'abc', '..%2F..%2Fetc%2Fpasswd', '-1']) {
      const res = await h.app.request(`/api/web/files/document/${id}`);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as { code: number }).code).toBe(404);
    }
    const [doc] = await h.db.db.select().from(productDocuments).where(eq(productDocuments.kind, 'msds')).limit(1);
    rmSync(path.join(dir, 'files', doc?.filePath as string));
    expect((await h.app.request(`/api/web/files/document/${doc?.id}`)).status).toBe(404);
  });

  it('never serves a path outside the files folder, even when the database names one', async () => {
    writeFileSync(path.join(dir, 'secret.pdf'), '%PDF-secret');
    const [doc] = await h.db.db.select().from(productDocuments).where(eq(productDocuments.kind, 'protocol')).limit(1);
    await h.db.db.update(productDocuments).set({ filePath: '../secret.pdf' }).where(eq(productDocuments.id, doc?.id as number));
    expect((await h.app.request(`/api/web/files/document/${doc?.id}`)).status).toBe(404);
    await h.db.db.update(productDocuments).set({ filePath: `${dir}/secret.pdf` }).where(eq(productDocuments.id, doc?.id as number));
    expect((await h.app.request(`/api/web/files/document/${doc?.id}`)).status).toBe(404);
  });
});

describe('GET /api/web/files/resource/:id', () => {
  it('streams a handbook, and 404 for content without a file', async () => {
    const [withFile] = await h.db.db.select().from(contentItems).where(eq(contentItems.kind, 'resource')).limit(1);
    const res = await h.app.request(`/api/web/files/resource/${withFile?.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.pdf');
    const [news] = await h.db.db.select().from(contentItems).where(eq(contentItems.kind, 'news')).limit(1);
    expect((await h.app.request(`/api/web/files/resource/${news?.id}`)).status).toBe(404);
  });
});
