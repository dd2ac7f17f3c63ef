import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, nextAnswer, SIGNED_IN_USER, type StubAnswer } from '../../test/browser-stubs';
import { ApiError, renewPathFor, apiPost as typedPost, signOut, type ApiOptions } from './api-client';
import { getToken, saveSession } from './session-store';
import { onUiEvent, type ToastRequest } from './ui-events';

// The client's transport, with paths and bodies of its own (the typed signature is checked by tsc where it is used).
const apiPost = typedPost as unknown as (path: string, data?: Record<string, unknown>, options?: ApiOptions) => Promise<unknown>;

let answers: StubAnswer[];
let requests: { path: string; headers: Record<string, string>; body: string }[];
let toasts: ToastRequest[];
let confirms: number;
let unsubscribe: (() => void)[];

beforeEach(() => {
  answers = [];
  requests = [];
  toasts = [];
  confirms = 0;
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('fetch', vi.fn(async (path: string, init: RequestInit) => {
    requests.push({ path, headers: init.headers as Record<string, string>, body: String(init.body) });
    return nextAnswer(answers);
  }));
  unsubscribe = [onUiEvent('toast', (t) => toasts.push(t)), onUiEvent('confirm-login', () => confirms++)];
});
afterEach(() => {
  unsubscribe.forEach((u) => u());
  vi.unstubAllGlobals();
});

const user = SIGNED_IN_USER;

describe('apiPost', () => {
  it('sends a form body with the stored token and resolves with data on 0 or 200', async () => {
    saveSession(user);
    answers.push({ status: 200, body: { code: 200, msg: '成功', data: { count: 2 } } }, { status: 200, body: { code: 0, msg: '', data: 'ok' } });
    expect(await apiPost('/api/x', { a: 1, ids: [3, 4], skip: undefined, obj: { k: 'v' } })).toEqual({ count: 2 });
    expect(await apiPost('/api/y')).toBe('ok');
    expect(requests[0]!.headers.authorization).toBe('tok-1');
    expect(requests[0]!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(requests[0]!.body).toBe('a=1&ids=3&ids=4&obj=%7B%22k%22%3A%22v%22%7D');
    expect(toasts).toEqual([]);
  });

  it('shows the server message for 5 s on other codes and rejects', async () => {
    answers.push({ status: 400, body: { code: 400, msg: '请求参数有误', data: null } }, { status: 500, body: { code: 500, msg: '', data: null } });
    await expect(apiPost('/api/x')).rejects.toMatchObject({ code: 400, message: '请求参数有误' });
    await expect(apiPost('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([
      { kind: 'error', text: '请求参数有误', durationMs: 5000 },
      { kind: 'error', messageKey: 'error', durationMs: 5000 },
    ]);
  });

  it('asks for the login confirmation on 401 in the body or the status, and on "00401"', async () => {
    answers.push(
      { status: 401, body: { code: 401, msg: 'x', data: null } },
      { status: 200, body: { code: '00401', msg: 'x', data: null } },
      { status: 401, body: 'not an envelope' },
    );
    for (let i = 0; i < 3; i++) await expect(apiPost('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(confirms).toBe(3);
    expect(toasts).toEqual([]);
  });

  it('renews the session silently on 402 and repeats the call once', async () => {
    saveSession(user);
    answers.push(
      { status: 402, body: { code: 402, msg: '', data: null } },
      { status: 200, body: { code: 200, msg: '', data: { token: 'tok-2' } } },
      { status: 200, body: { code: 200, msg: '', data: 'again' } },
    );
    expect(await apiPost('/api/x')).toBe('again');
    expect(requests.map((r) => r.path)).toEqual(['/api/x', '/api/web/auth/renew', '/api/x']);
    expect(requests[2]!.headers.authorization).toBe('tok-2');
    expect(getToken()).toBe('tok-2');
    expect(toasts).toEqual([]);
    expect(confirms).toBe(0);
  });

  it('renews a staff call at the staff API by its cookie, keeping the customer token of the browser', async () => {
    saveSession(user);
    answers.push(
      { status: 402, body: { code: 402, msg: '', data: null } },
      { status: 200, body: { code: 200, msg: '', data: { token: 'staff-2' } } },
      { status: 200, body: { code: 200, msg: '', data: 'staff again' } },
    );
    expect(await apiPost('/api/admin/things')).toBe('staff again');
    expect(requests.map((r) => r.path)).toEqual(['/api/admin/things', '/api/admin/auth/renew', '/api/admin/things']);
    expect(requests[1]!.headers.authorization).toBeUndefined();
    expect(getToken()).toBe('tok-1');
    expect(renewPathFor('/api/app/order/approve')).toBe('/api/web/auth/renew');
  });

  it('falls back to the login confirmation when renewal fails', async () => {
    answers.push({ status: 402, body: { code: 402, msg: '', data: null } }, { status: 401, body: { code: 401, msg: '', data: null } });
    await expect(apiPost('/api/x')).rejects.toMatchObject({ code: 401 });
    expect(confirms).toBe(1);
  });

  it('shows the network message for 5 s when nothing answers', async () => {
    answers.push('network');
    const error = await apiPost('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetwork).toBe(true);
    expect(toasts).toEqual([{ kind: 'error', messageKey: 'network', durationMs: 5000 }]);
  });

  it('stays quiet when the caller handles failures', async () => {
    answers.push({ status: 400, body: { code: 400, msg: 'no', data: null } }, { status: 401, body: { code: 401, msg: '', data: null } }, 'network');
    for (let i = 0; i < 3; i++) await expect(apiPost('/api/x', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
    expect(confirms).toBe(0);
  });
});

describe('signOut', () => {
  it('forgets the local session and calls logout, even when the network fails', async () => {
    saveSession(user);
    answers.push('network');
    await signOut();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(requests[0]!.path).toBe('/api/web/auth/logout');
    expect(requests[0]!.headers.authorization).toBe('tok-1');
  });
});
