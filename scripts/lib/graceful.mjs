// Graceful shutdown of an HTTP server: stop accepting connections, let the requests in flight
// finish (answers during the drain close their connection), close idle keep-alive connections, and
// give up after a deadline, for scripts/serve.mjs.

/**
 * Tracks requests in flight; `shutdown()` resolves once the last one has finished (true), or at the
 * deadline with requests still running (false).
 * @param {import('node:http').Server} server
 * @param {{ timeoutMs: number, onDrain?: () => void }} options
 */
export function graceful(server, { timeoutMs, onDrain }) {
  let inFlight = 0;
  let draining = false;
  let idle = () => {};
  server.on('request', (req, res) => {
    inFlight += 1;
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.on('close', () => {
      inFlight -= 1;
      if (draining) {
        server.closeIdleConnections();
        if (inFlight === 0) idle();
      }
    });
  });
  return {
    get inFlight() {
      return inFlight;
    },
    /** @returns {Promise<boolean>} */
    shutdown() {
      if (draining) return Promise.resolve(inFlight === 0);
      draining = true;
      onDrain?.();
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
        server.close();
        server.closeIdleConnections();
        if (inFlight === 0) idle();
      });
    },
  };
}
