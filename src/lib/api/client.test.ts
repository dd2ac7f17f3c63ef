import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, nextAnswer, SIGNED_IN_USER, type StubAnswer } from '../../../test/browser-stubs';
import { saveSession } from '@/lib/session-store';
import { onUiEvent, type ToastRequest } from '@/lib/ui-events';
import { ApiError, apiRequest, multipart } from './client';

let answers: StubAnswer[];
let requests: { method: string; url: string; headers: Headers; body: string | FormData | null }[];
let toasts: ToastRequest[];
let confirms: number;
let replaced: string[];
let unsubscribe: (() => void)[];

// Node's fetch resolves a relative URL against this origin, as a page does against its own.
const ORIGIN = Symbol.for('undici.globalOrigin.1');

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  [answers, requests, toasts, replaced, confirms] = [[], [], [], [], 0];
  (globalThis as Record<symbol, unknown>)[ORIGIN] = new URL('http://shop.test');
  vi.stubGlobal('window', { location: { pathname: '/en/admin/roles', origin: 'http://shop.test', replace: (href: string) => replaced.push(href) } });
  vi.stubGlobal('fetch', vi.fn(async (input: Request | string, init?: RequestInit) => {
    // The typed client sends a Request; a session renewal goes through the storefront client's fetch(path, init).
    const request = input instanceof Request ? input : new Request(input, init);
    const type = request.headers.get('content-type') ?? '';
    const body = request.method === 'GET' ? null : type.startsWith('multipart/') ? await request.formData() : await request.text();
    requests.push({ method: request.method, url: request.url, headers: request.headers, body });
    return nextAnswer(answers);
  }));
  unsubscribe = [onUiEvent('toast', (t) => toasts.push(t)), onUiEvent('confirm-login', () => confirms++)];
});
afterEach(() => {
  unsubscribe.forEach((u) => u());
  vi.unstubAllGlobals();
  delete (globalThis as Record<symbol, unknown>)[ORIGIN];
});

const user = SIGNED_IN_USER;

describe('apiRequest', () => {
  it('sends JSON with the stored token on a customer path and resolves with the envelope data', async () => {
    saveSession(user);
    answers.push({ status: 200, body: { code: 200, msg: '成功', data: { id: 7 } } });
    expect(await apiRequest('post', '/api/app/role/batchDelete', { body: { ids: [3, 4] } })).toEqual({ id: 7 });
    expect(requests[0]!.url).toBe('http://shop.test/api/app/role/batchDelete');
    expect(requests[0]!.headers.get('authorization')).toBe('tok-1');
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(requests[0]!.body))).toEqual({ ids: [3, 4] });
    expect(toasts).toEqual([]);
  });

  it('fills path parameters and serialises the query of a GET', async () => {
    answers.push({ status: 200, body: { code: 200, msg: '', data: [] } }, { status: 200, body: { code: 200, msg: '', data: null } });
    await apiRequest('get', '/api/admin/roles', { params: { query: { limit: 10, offset: 20 } } });
    await apiRequest('post', '/api/app/complaints/{id}/withdraw', { params: { path: { id: 12 } } });
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.url).toBe('http://shop.test/api/admin/roles?limit=10&offset=20');
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(requests[1]!.url).toBe('http://shop.test/api/app/complaints/12/withdraw');
  });

  it('rejects with the status, the message and the field errors, shown for 5 s on a customer path', async () => {
    answers.push({ status: 400, body: { code: 400, msg: '请求参数有误', data: [{ field: 'name', message: '必填' }, { field: 3 }] } });
    const error = await apiRequest('post', '/api/app/role/add', { body: { name: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 400, message: '请求参数有误', fields: [{ field: 'name', message: '必填' }] });
    expect(toasts).toEqual([{ kind: 'error', text: '请求参数有误', durationMs: 5000 }]);
  });

  it('renews the session once on 402 and repeats the call; asks for the login on 401', async () => {
    saveSession(user);
    answers.push(
      { status: 402, body: { code: 402, msg: '', data: null } },
      { status: 200, body: { code: 200, msg: '', data: { token: 'tok-2' } } },
      { status: 200, body: { code: 200, msg: '', data: 'again' } },
      { status: 401, body: { code: 401, msg: '', data: null } },
    );
    expect(await apiRequest('post', '/api/app/role/batchDelete', { body: { ids: [1] } })).toBe('again');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/app/role/batchDelete', '/api/web/auth/renew', '/api/app/role/batchDelete']);
    expect(requests[2]!.headers.get('authorization')).toBe('tok-2');
    expect(JSON.parse(String(requests[2]!.body))).toEqual({ ids: [1] });
    await expect(apiRequest('post', '/api/app/role/batchDelete', { body: { ids: [1] } })).rejects.toMatchObject({ status: 401 });
    expect(confirms).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('leaves a staff failure to the view; an ended staff session asks for the login confirmation in place, silent or not', async () => {
    answers.push(
      { status: 403, body: { code: 403, msg: 'Forbidden', data: null } },
      { status: 401, body: { code: 401, msg: '', data: null } },
      { status: 401, body: { code: 401, msg: '', data: null } },
    );
    await expect(apiRequest('post', '/api/admin/roles', { body: { name: 'x' } })).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(confirms).toBe(0);
    await expect(apiRequest('post', '/api/admin/roles', { body: { name: 'x' } })).rejects.toMatchObject({ status: 401 });
    expect(confirms).toBe(1);
    await expect(apiRequest('get', '/api/admin/roles', { params: { query: { limit: 10, offset: 0 } } }, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(confirms).toBe(2);
    // The page stays where it is: nothing typed into it is lost.
    expect(replaced).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('renews a staff session on 402 by its cookie alone, keeps the customer token, and repeats the call', async () => {
    saveSession(user);
    answers.push(
      { status: 402, body: { code: 402, msg: '', data: null } },
      { status: 200, body: { code: 200, msg: '', data: { token: 'staff-2' } } },
      { status: 200, body: { code: 200, msg: '', data: { id: 9 } } },
    );
    expect(await apiRequest('post', '/api/admin/roles', { body: { name: 'x' } })).toEqual({ id: 9 });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/roles', '/api/admin/auth/renew', '/api/admin/roles']);
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([null, null, null]);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(confirms).toBe(0);
  });

  it('asks for the login confirmation once a staff renewal is refused', async () => {
    answers.push({ status: 402, body: { code: 402, msg: '', data: null } }, { status: 401, body: { code: 401, msg: '', data: null } });
    await expect(apiRequest('post', '/api/admin/roles', { body: { name: 'x' } })).rejects.toMatchObject({ code: 401, status: 402 });
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/admin/roles', '/api/admin/auth/renew']);
    expect(confirms).toBe(1);
    expect(replaced).toEqual([]);
  });

  it('shows the network message when nothing answers, and stays quiet when silent', async () => {
    answers.push('network', { status: 500, body: { code: 500, msg: 'boom', data: null } });
    await expect(apiRequest('post', '/api/app/role/batchDelete', { body: { ids: [1] } })).rejects.toMatchObject({ code: 'network', isNetwork: true });
    await expect(apiRequest('post', '/api/app/role/batchDelete', { body: { ids: [1] } }, { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(toasts).toEqual([{ kind: 'error', messageKey: 'network', durationMs: 5000 }]);
  });

  it('uploads multipart form data: the fields that have a value, and the file', async () => {
    answers.push({ status: 200, body: { code: 200, msg: '', data: { id: 5 } } });
    const file = new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' });
    await apiRequest('post', '/api/app/file/upload', { body: { kind: 'licence', validUntil: '', file }, ...multipart });
    const form = requests[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('kind')).toBe('licence');
    expect(form.has('validUntil')).toBe(false);
    expect((form.get('file') as File).name).toBe('licence.pdf');
  });
});
