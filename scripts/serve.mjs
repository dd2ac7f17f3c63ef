// The HTTP server of `npm start` and `npm run dev`: Next.js behind a plain Node server whose only
// job is to append the TCP peer's address to X-Forwarded-For, as a proxy would. The app then
// knows the real peer (the header's last entry) and believes entries left of it only as far as
// TRUST_PROXY says, so a client cannot pick its own address by sending the header itself
// (`next start` keeps a client-sent X-Forwarded-For unchanged). Plain JavaScript on purpose: it
// runs without the react-server condition that scripts/start.ts is started with.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { baselineHeaders, isForbiddenPath } from './lib/security-headers.mjs';

const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME || undefined;

const app = next({ dev: values.dev, port, hostname: hostname ?? 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const headers = baselineHeaders({ https: process.env.COOKIE_SECURE === '1' });

const server = createServer((req, res) => {
  // Security headers on every answer (Next.js and the API replace the policy with their own), and
  // never a dot-file or a source map, whatever the build or a folder holds.
  for (const [name, value] of headers) res.setHeader(name, value);
  if (isForbiddenPath((req.url ?? '/').split('?')[0] ?? '/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
    return;
  }
  const peer = req.socket.remoteAddress ?? '';
  const sent = req.headers['x-forwarded-for'];
  const chain = Array.isArray(sent) ? sent.join(', ') : sent;
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
  handle(req, res).catch((error) => {
    process.stderr.write(`${JSON.stringify({ level: 'error', event: 'server.request_failed', error: String(error) })}\n`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
if (values.dev) server.on('upgrade', app.getUpgradeHandler());
server.listen(port, hostname, () => {
  process.stdout.write(`Ready on http://localhost:${port}${values.dev ? ' (development)' : ''}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
