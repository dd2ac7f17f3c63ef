import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { graceful } from './graceful.mjs';

/** Graceful shutdown of scripts/serve.mjs: in-flight requests finish, new connections are refused. */

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

function get(port: number, path: string): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, path, host: '127.0.0.1', agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('lets a request in flight finish, refuses new connections, and resolves once it is done', async () => {
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let arrived = () => {};
    const slowArrived = new Promise<void>((r) => (arrived = r));
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        arrived();
        void released.then(() => res.end('finished'));
      } else {
        res.end('quick');
      }
    });
    let drained = false;
    const drain = graceful(server, { timeoutMs: 60_000, onDrain: () => (drained = true) });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;

    const slow = get(port, '/slow');
    await slowArrived;
    expect(drain.inFlight).toBe(1);
    let stopped: boolean | null = null;
    const stopping = drain.shutdown().then((finished) => (stopped = finished));
    expect(drained).toBe(true);
    await expect(get(port, '/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(stopped).toBeNull();
    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: 'finished', connection: 'close' });
    await stopping;
    expect(stopped).toBe(true);
    expect(drain.inFlight).toBe(0);
  });

  it('gives up at the deadline when a request never finishes', async () => {
    let arrived = () => {};
    const hanging = new Promise<void>((r) => (arrived = r));
    server = createServer(() => arrived());
    const drain = graceful(server, { timeoutMs: 50 });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    get(port, '/hang').catch(() => {});
    await hanging;
    expect(await drain.shutdown()).toBe(false);
    server.closeAllConnections();
  });
});
