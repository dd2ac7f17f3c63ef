// The load benchmark's HTTP client (scripts/bench-load.mjs): node:http over kept-alive connections,
// asking for gzip as a browser does. A page's body is read to its end and left compressed (a browser
// on another machine would unpack it; on the benchmark's own host that work would be taken from the
// stack it measures); a JSON answer is unpacked and parsed, since the benchmark checks its code.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000, maxSockets: Infinity });

/**
 * One request; resolves with the status, the headers and, for JSON, the parsed answer. Rejects with an error named 'TimeoutError' after `timeoutMs`, or the socket's error.
 */
export function send(url, { method = 'GET', headers = {}, body = undefined, timeoutMs = 15_000 } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const req = http.request(url, {
      method,
      agent,
      headers: { 'accept-encoding': 'gzip', ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
    }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        const raw = Buffer.concat(chunks);
        let json;
        // An answer that says JSON but does not unpack or parse fails the request, as a broken connection would.
        try {
          if (String(res.headers['content-type'] ?? '').includes('application/json')) {
            json = JSON.parse((res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
          }
        } catch (error) {
          reject(error);
          return;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
    });
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      error.name = 'TimeoutError';
      req.destroy(error);
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookiesOf(headers) {
  const set = headers['set-cookie'] ?? [];
  return set.map((c) => c.split(';')[0]).join('; ');
}
