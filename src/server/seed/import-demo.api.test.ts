import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobListDto } from '@/contracts/catalog-import';
import { getFileStore } from '@/server/modules/files/store';
import { fileApiHarness } from '../../../test/api';
import { ensureSeedFiles } from './files';
import { DEMO_IMPORT_KEY } from './import-demo';

const h = fileApiHarness({ products: 200 });
let dir: string;
let admin = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-demo-'));
  process.env.FILES_DIR = path.join(dir, 'files');
  admin = await h.loginStaff('admin', 'Admin#2026');
});
afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(dir, { recursive: true, force: true });
});

describe('demo import job', () => {
  it('leaves one finished import with refused rows, its error report in both formats, and its file', async () => {
    const res = await h.call('GET', '/api/admin/catalog/imports', { token: admin });
    expect(res.status).toBe(200);
    const { items, active } = res.body.data as ImportJobListDto;
    expect(active).toBe(false);
    expect(items).toHaveLength(1);
    // The seeded products it names come out unchanged: the import's own check and write made the counts.
    expect(items[0]).toMatchObject({ status: 'succeeded', format: 'csv', staffName: expect.any(String), rowsTotal: 11, unchanged: 8, created: 0, updated: 0, failed: 3, progress: 100 });
    const url = items[0]!.errorReportUrl!;
    const csv = await h.app.request(url, { headers: { authorization: admin } });
    const text = await csv.text();
    expect(text).toContain('10,品牌,找不到该品牌,NO-SUCH-BRAND');
    expect(text).toContain('11,价格,价格须为不小于 0 的数字，最多两位小数,价格面议');
    expect(text).toContain('12,CAS号,CAS 号校验位错误,64-17-6');
    const xlsx = await h.app.request(`${url}?format=xlsx`, { headers: { authorization: admin } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');

    await ensureSeedFiles(h.db.db, getFileStore());
    const file = await getFileStore().open(DEMO_IMPORT_KEY);
    expect(file).not.toBeNull();
    expect(await new Response(file!.stream()).text()).toContain('DM-90003');
  });
});
