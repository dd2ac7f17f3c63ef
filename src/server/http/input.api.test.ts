import { describe, expect, it } from 'vitest';
import { fileApiHarness } from '../../../test/api';
import { MAX_INPUT_FIELDS, MAX_JSON_DEPTH } from './input';

const h = fileApiHarness();

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const repeats = (n: number, pair = 'key=a') => Array.from({ length: n }, () => pair).join('&');

function multipart(fields: number): { body: string; type: string } {
  const boundary = 'b0undary';
  const parts = Array.from({ length: fields }, () => `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\na\r\n`);
  return { body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

describe('request bodies with many fields', () => {
  it('answers 100,000 repeats of one field with a 400 envelope, and a concurrent health check is answered', async () => {
    const body = repeats(100_000);
    expect(body.length).toBeLessThan(1024 * 1024);
    // The health check is sent while the big request is in flight and awaited first. The quadratic
    // parser this replaces held the event loop for minutes on this body, so the health check (and
    // the test, past its timeout) waited; nothing here measures time.
    const pending = h.call('POST', '/api/web/product/getPage', { body, headers: FORM });
    const health = await h.call('GET', '/api/health');
    expect(health.status).toBe(200);
    const big = await pending;
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ code: 400, data: { max: MAX_INPUT_FIELDS } });
    expect(big.body.msg).toContain(String(MAX_INPUT_FIELDS));
  });

  it('takes up to the limit, and refuses one more, in forms, queries, multipart and JSON', async () => {
    const form = (n: number) => h.call('POST', '/api/web/settingCon/getPage', { body: `limit=5&${repeats(n - 1, 'x=1')}`, headers: FORM });
    expect((await form(MAX_INPUT_FIELDS)).status).toBe(200);
    expect((await form(MAX_INPUT_FIELDS + 1)).status).toBe(400);

    const query = (n: number) => h.call('POST', `/api/web/settingCon/getPage?${repeats(n, 'x=1')}`);
    expect((await query(MAX_INPUT_FIELDS)).status).toBe(200);
    expect((await query(MAX_INPUT_FIELDS + 1)).body).toMatchObject({ code: 400, data: { max: MAX_INPUT_FIELDS } });

    const within = multipart(MAX_INPUT_FIELDS);
    expect((await h.call('POST', '/api/web/settingCon/getPage', { body: within.body, headers: { 'content-type': within.type } })).status).toBe(200);
    const over = multipart(5_000);
    const refused = await h.call('POST', '/api/web/settingCon/getPage', { body: over.body, headers: { 'content-type': over.type } });
    expect(refused.body).toMatchObject({ code: 400, data: { max: MAX_INPUT_FIELDS } });

    const list = (n: number) => h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 5, x: Array.from({ length: n }, () => 1) } });
    expect((await list(MAX_INPUT_FIELDS)).status).toBe(200);
    expect((await list(100_000)).body).toMatchObject({ code: 400, data: { max: MAX_INPUT_FIELDS } });
    const wide = Object.fromEntries(Array.from({ length: MAX_INPUT_FIELDS + 1 }, (_, i) => [`k${i}`, i]));
    expect((await h.call('POST', '/api/web/settingCon/getPage', { json: wide })).status).toBe(400);
    const deep = JSON.parse(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`) as unknown;
    expect((await h.call('POST', '/api/web/settingCon/getPage', { json: deep })).body.code).toBe(400);
  });

  it('reads a repeated field as the list of its values, in order', async () => {
    const res = await h.call('POST', '/api/web/product/getPage', { body: 'key=a&key=b', headers: FORM });
    // The search key takes one value: a list is refused by the schema, not read as its first item.
    expect(res.status).toBe(400);
    expect((res.body.data as { field: string }[])[0]?.field).toBe('key');
  });
});

describe('content types', () => {
  it('refuses text/plain and a missing content type on a body with 415, as documented', async () => {
    const types: Record<string, string>[] = [{ 'content-type': 'text/plain' }, { 'content-type': 'text/plain;charset=UTF-8' }, {}];
    for (const headers of types) {
      const res = await h.call('POST', '/api/web/settingCon/getPage', { body: 'limit=5', headers });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(res.body.code).toBe(415);
    }
    const json = await h.call('POST', '/api/web/settingCon/getPage', { body: '{"limit":5}', headers: {} });
    expect(json.status).toBe(415);
  });

  it('reads the media type exactly: a parameter or a longer type naming JSON or a form is not one (415)', async () => {
    const refused = [
      'text/plain; x=application/json', 'text/plain;charset=application/json', 'text/plain; boundary=+json', 'application/jsonx',
      'application/json-patch', 'text/application/json', 'application/vnd.api+jsonp', 'x-application/json', 'text/plain; a=application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded-x', 'text/plain; b=multipart/form-data; boundary=x',
    ];
    for (const type of refused) {
      const res = await h.call('POST', '/api/web/settingCon/getPage', { body: type.includes('form') ? 'limit=5' : '{"limit":5}', headers: { 'content-type': type } });
      expect(res.status, type).toBe(415);
    }
    const taken = ['application/json', 'Application/JSON; charset=utf-8', ' application/json ;charset=UTF-8', 'application/vnd.api+json', 'application/merge-patch+json; x=1'];
    for (const type of taken) {
      const res = await h.call('POST', '/api/web/settingCon/getPage', { body: '{"limit":5}', headers: { 'content-type': type } });
      expect(res.status, type).toBe(200);
    }
    const form = await h.call('POST', '/api/web/settingCon/getPage', { body: 'limit=5', headers: { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' } });
    expect(form.status).toBe(200);
  });

  it('takes an empty body without a content type (the query alone)', async () => {
    const res = await h.call('POST', '/api/web/settingCon/getPage?limit=2');
    expect(res.status).toBe(200);
  });
});

describe('lone surrogates', () => {
  it('refuses half of a UTF-16 pair in a value or a key, naming the field, and keeps whole pairs', async () => {
    const lone = await h.call('POST', '/api/web/resourceManage/getCOAs', { json: { itemNo: 'A\ud800', lotNo: 'x' } });
    expect(lone.status).toBe(400);
    expect(lone.body.data).toEqual([{ field: 'itemNo', message: '包含无效的字符（不完整的 UTF-16 代理项）' }]);
    const low = await h.call('POST', '/api/web/resourceManage/getCOAs', { json: { itemNo: '\udc00x', lotNo: 'x' }, headers: { 'accept-language': 'en' } });
    expect(low.status).toBe(400);
    expect(low.body.data).toEqual([{ field: 'itemNo', message: 'Contains a broken character (half of a UTF-16 pair), which is not allowed' }]);
    const key = await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 2, nested: { '\ud83d': 'x' } } });
    expect(key.status).toBe(400);
    // A whole pair (an emoji) is text like any other.
    const pair = await h.call('POST', '/api/web/resourceManage/getCOAs', { json: { itemNo: 'A\ud83d\ude00', lotNo: 'x' } });
    expect(pair.status).not.toBe(500);
    expect(pair.body.code).not.toBe(400);
  });
});

describe('NUL characters', () => {
  it('are refused in any field, key or nested value, of a query, a form or JSON, with 400 naming the field', async () => {
    const cases: [string, Parameters<typeof h.call>[2]][] = [
      ['/api/web/resourceManage/getCOAs', { json: { itemNo: '\u0000', lotNo: 'x' } }],
      ['/api/web/resourceManage/getCOAs', { form: { itemNo: 'A\u0000', lotNo: 'x' } }],
      ['/api/web/settingCon/getPage?limit=2&x%00=1', {}],
      ['/api/web/settingCon/getPage', { json: { limit: 2, nested: { deeper: ['ok', 'n\u0000'] } } }],
    ];
    for (const [path, options] of cases) {
      const res = await h.call('POST', path, options);
      expect(res.status, `${path} ${JSON.stringify(options)}`).toBe(400);
      expect(res.body.data).toEqual([expect.objectContaining({ message: '包含不允许的空字符（NUL）' })]);
    }
    const named = await h.call('POST', '/api/web/resourceManage/getCOAs', { json: { itemNo: '\u0000', lotNo: 'x' } });
    expect(named.body.data).toEqual([{ field: 'itemNo', message: '包含不允许的空字符（NUL）' }]);
  });
});

describe('numbers in requests', () => {
  it('reads ids and page numbers in decimal only', async () => {
    for (const id of ['0x1', '1e0', ' 1', '+1', '1.0', 'true']) {
      const res = await h.call('POST', '/api/cms/getContentDetail', { form: { id } });
      expect(res.status, id).toBe(400);
      expect((res.body.data as { field: string }[])[0]?.field).toBe('id');
    }
    for (const id of [true, '1', [1], null]) {
      const res = await h.call('POST', '/api/cms/getContentDetail', { json: { id } });
      expect(res.status === 400, JSON.stringify(id)).toBe(id !== '1');
    }
    expect((await h.call('POST', '/api/web/settingCon/getPage', { form: { limit: '0x10' } })).status).toBe(400);
    expect((await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: true } })).status).toBe(400);
    expect((await h.call('POST', '/api/web/settingCon/getPage', { json: { limit: 3 } })).status).toBe(200);
  });
});
