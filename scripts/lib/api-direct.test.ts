import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answerApi, loadApiHandlers, type ApiHandler } from './api-direct.mjs';

/** The API's requests answered by the built route's handlers, past Next.js's router (ADR 0098). */

let server: Server | null = null;
const dirs: string[] = [];
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function stand(handlers: Record<string, ApiHandler>, errors: unknown[] = []): Promise<number> {
  const map = new Map(Object.entries(handlers));
  server = createServer((req, res) => {
    // As scripts/serve.mjs does before it hands the request on.
    req.headers['x-forwarded-for'] = `${req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ` : ''}127.0.0.1`;
    req.headers['x-reagent-scheme'] = 'http';
    if (!answerApi(map, req, res, (error) => errors.push(error))) res.writeHead(405).end('left to Next.js');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

interface Sent { method?: string; path?: string; headers?: Record<string, string>; body?: string; agent?: false }

function send(port: number, sent: Sent): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', method: sent.method ?? 'GET', path: sent.path ?? '/api/x', headers: sent.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(sent.body);
  });
}

describe('API requests past Next.js', () => {
  it('hands the handler the method, path, query, headers as serve.mjs left them, and the body', async () => {
    let seen: { method: string; url: string; forwarded: string | null; cookie: string | null; body: string } | null = null;
    const port = await stand({
      POST: async (r) => {
        seen = { method: r.method, url: r.url, forwarded: r.headers.get('x-forwarded-for'), cookie: r.headers.get('cookie'), body: await r.text() };
        return Response.json({ code: 200 });
      },
    });
    const answer = await send(port, {
      method: 'POST', path: '/api/web/cart/summary?lang=en&a=1', body: '{"num":2}',
      headers: { host: 'shop.example.com:8080', 'x-forwarded-for': '10.0.0.9', cookie: 'reagent_session=abc', 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ code: 200 });
    expect(seen).toEqual({
      method: 'POST', url: 'http://shop.example.com:8080/api/web/cart/summary?lang=en&a=1', forwarded: '10.0.0.9, 127.0.0.1', cookie: 'reagent_session=abc', body: '{"num":2}',
    });
  });

  it('takes only the path of a request target in absolute form: the host is the Host header', async () => {
    let url = '';
    const port = await stand({ GET: (r) => ((url = r.url), new Response('ok')) });
    await send(port, { path: 'http://elsewhere.example.net/api/web/islands/visitor?products=1', headers: { host: 'shop.example.com' } });
    expect(url).toBe('http://shop.example.com/api/web/islands/visitor?products=1');
  });

  it('keeps the status, the headers and every Set-Cookie apart', async () => {
    const port = await stand({
      POST: () => {
        const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'no-store' });
        headers.append('set-cookie', 'a=1; Path=/; HttpOnly');
        headers.append('set-cookie', 'b=2; Path=/');
        return new Response('{"code":401}', { status: 401, headers });
      },
    });
    const answer = await send(port, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(401);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    expect(answer.body).toBe('{"code":401}');
  });

  it('streams a long answer whole, and answers HEAD without a body', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const port = await stand({
      GET: () => new Response(new ReadableStream({
        start(controller) {
          for (let i = 0; i < 64; i++) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      })),
      HEAD: () => new Response(null, { headers: { etag: '"1"' } }),
    });
    expect((await send(port, {})).body.length).toBe(64 * piece.length);
    const head = await send(port, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe('"1"');
    expect(head.body).toBe('');
  });

  it('stops a streamed answer and aborts the request when the client goes away', async () => {
    let cancelled = false;
    let aborted = false;
    let pulls = 0;
    const port = await stand({
      GET: (r) => {
        r.signal.addEventListener('abort', () => (aborted = true));
        return new Response(new ReadableStream({
          pull(controller) {
            pulls += 1;
            controller.enqueue(new Uint8Array(64 * 1024));
          },
          cancel() {
            cancelled = true;
          },
        }));
      },
    });
    await new Promise<void>((resolve) => {
      const req = request({ port, host: '127.0.0.1', path: '/api/export', agent: false }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await expect.poll(() => cancelled && aborted).toBe(true);
    const after = pulls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pulls).toBe(after);
  });

  it('answers 500 and reports a handler that throws, and leaves a method it has no handler for to Next.js', async () => {
    const errors: unknown[] = [];
    const port = await stand({ GET: () => { throw new Error('boom'); } }, errors);
    expect((await send(port, {})).status).toBe(500);
    expect(String(errors[0])).toContain('boom');
    const other = await send(port, { method: 'PUT', body: '{}' });
    expect(other.status).toBe(405);
    expect(other.body).toBe('left to Next.js');
  });

  it('answers 400 to a Host header that makes no address', async () => {
    const port = await stand({ GET: () => new Response('ok') });
    expect((await send(port, { headers: { host: 'bad host' } })).status).toBe(400);
  });
});

describe('the built API route', () => {
  function build(route: string | null): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-direct-'));
    dirs.push(dir);
    if (route !== null) {
      const folder = path.join(dir, 'server', 'app', 'api', '[[...route]]');
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'route.js'), route);
    }
    return dir;
  }

  it("loads the handlers of the route's module once its code is loaded", async () => {
    const dir = build(`
      const userland = {};
      exports.routeModule = {
        get userland() { return userland; },
        async ensureUserland() { userland.GET = () => new Response('get'); userland.POST = () => new Response('post'); userland.helper = 1; },
      };`);
    const handlers = await loadApiHandlers(dir);
    expect([...(handlers?.keys() ?? [])]).toEqual(['GET', 'POST']);
    expect(await (await handlers!.get('POST')!(new Request('http://x/api'))).text()).toBe('post');
  });

  it('is null without a build of the route, or when the route exports no handler', async () => {
    expect(await loadApiHandlers(build(null))).toBeNull();
    expect(await loadApiHandlers(build('exports.routeModule = { userland: {} };'))).toBeNull();
  });
});
