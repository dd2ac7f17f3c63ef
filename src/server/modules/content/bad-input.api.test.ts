import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

/** Every content, chrome and tracking call (ADR 0013) that takes input, with inputs it must refuse (400 with field errors, nothing written). */
const BAD: [path: string, form: Record<string, string>][] = [
  ['/api/web/journalism/getPage', { offset: '0' }],
  ['/api/web/journalism/getRecommend', { limit: 'many' }],
  ['/api/web/journalism/linked/list', { brandId: '1.5' }],
  ['/api/web/journalism/getDetails', { id: "1' or '1'='1" }],
  ['/api/web/applicationManagement/getPage', { limit: '51' }],
  ['/api/web/applicationManagement/getTypeId', { typeId: '0' }],
  ['/api/web/applicationManagement/linked/list', {}],
  ['/api/web/applicationManagement/getDetails', { id: '99999999999' }],
  ['/api/web/secondSupport/getTypePage', { limit: '-6' }],
  ['/api/web/secondSupport/getPage', { typeId: 'x' }],
  ['/api/web/secondSupport/getQAList', { limit: '0' }],
  ['/api/web/secondSupport/getTypeDetails', {}],
  ['/api/web/secondSupport/getDetails', { id: '' }],
  ['/api/web/resourceManage/getPage', { keyword: 'k'.repeat(51) }],
  ['/api/web/resourceManage/list', {}],
  ['/api/web/resourceManage/getCOAs', { itemNo: '', lotNo: 'L1' }],
  ['/api/web/resourceManage/getAllCOAs', {}],
  ['/api/web/bannerManagement/getPage', { offset: '-1' }],
  ['/api/web/bannerManagement/getHot', { limit: '100' }],
  ['/api/web/bannerManagement/getLiterature', { limit: 'x' }],
  ['/api/web/subscription/add', { email: 'x@' }],
  ['/api/app/web/track/report', { path: 'x'.repeat(301) }],
  ['/api/app/web/track/summary', { days: 'week' }],
  ['/api/cms/getChannel', {}],
  ['/api/cms/getContentCate', { channel: 'NEWS' }],
  ['/api/cms/getContentTags', { channel: 'other' }],
  ['/api/cms/getContentList', { tagId: '-1' }],
  ['/api/cms/getContentDetail', { id: 'abc' }],
  ['/api/cms/getRes', { limit: '1000' }],
  ['/api/cms/setContentTips', {}],
  ['/api/cms/addUser', { nickname: 'n'.repeat(21) }],
  ['/api/cms/addComment', { id: '1' }],
  ['/api/cms/getComment', { id: '0' }],
];

/** Calls for staff only: sent with a staff token, so that the input is what is refused. */
const STAFF_ONLY = new Set(['/api/app/web/track/summary']);

describe('bad input on every call', () => {
  it.each(BAD)('%s refuses %j with 400 and field errors in the envelope', async (path, form) => {
    const token = STAFF_ONLY.has(path) ? await h.loginStaff('admin', 'Admin#2026') : undefined;
    const res = await h.call('POST', path, { form, token, headers: { 'user-agent': 'Mozilla/5.0 test' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
    expect(Array.isArray(res.body.data)).toBe(true);
    expect((res.body.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers 415 for a body that is neither form nor JSON, and 404 for an unknown action', async () => {
    expect((await h.call('POST', '/api/web/journalism/getPage', { body: '<x/>', headers: { 'content-type': 'application/xml' } })).status).toBe(415);
    expect((await h.call('POST', '/api/web/journalism/nothing')).status).toBe(404);
  });
});

describe('paging on every list', () => {
  it.each([
    ['/api/web/journalism/getPage', {}],
    ['/api/web/applicationManagement/getPage', {}],
    ['/api/web/secondSupport/getPage', {}],
    ['/api/web/resourceManage/getPage', {}],
    ['/api/web/resourceManage/list', { kind: 'msds' }],
    ['/api/cms/getContentList', {}],
    ['/api/cms/getRes', {}],
    ['/api/web/bannerManagement/getPage', {}],
  ] as [string, Record<string, string>][])('%s gives distinct pages that add up to the total', async (path, base) => {
    const first = (await h.call('POST', path, { form: { ...base, limit: '3', offset: '1' } })).body.data as { list: { id: number }[]; total: number; limit: number; offset: number };
    const second = (await h.call('POST', path, { form: { ...base, limit: '3', offset: '2' } })).body.data as { list: { id: number }[]; total: number };
    expect(first.limit).toBe(3);
    expect(first.offset).toBe(1);
    expect(first.list).toHaveLength(Math.min(3, first.total));
    expect(second.total).toBe(first.total);
    const ids = new Set(first.list.map((i) => i.id));
    expect(second.list.some((i) => ids.has(i.id))).toBe(false);
    const beyond = (await h.call('POST', path, { form: { ...base, limit: '3', offset: String(Math.ceil(first.total / 3) + 1) } })).body.data as { list: unknown[] };
    expect(beyond.list).toEqual([]);
  });

  it('the application category list pages with the required defaults (docs/requirements/api.md#paging)', async () => {
    const types = (await h.call('POST', '/api/web/applicationManagement/getType')).body.data as { id: number; cases: unknown[] }[];
    const type = types[0] as { id: number; cases: unknown[] };
    const one = (await h.call('POST', '/api/web/applicationManagement/getTypeId', { form: { typeId: String(type.id), limit: '2', offset: '1' } })).body.data as { id: number }[];
    const two = (await h.call('POST', '/api/web/applicationManagement/getTypeId', { form: { typeId: String(type.id), limit: '2', offset: '2' } })).body.data as { id: number }[];
    expect(one).toHaveLength(2);
    expect(two.some((i) => one.some((o) => o.id === i.id))).toBe(false);
  });
});
