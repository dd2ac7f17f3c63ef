import 'server-only';
import { currentRequestId } from './observability/observability';

type Level = 'info' | 'warn' | 'error';

/**
 * JSON lines on stderr: one event per line, machine-readable, never a stack to the client. A line
 * written while a request is answered carries its request id (the `X-Request-Id` of the answer).
 */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (level === 'info' && process.env.LOG_LEVEL === 'warn') return;
  const requestId = currentRequestId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...(requestId ? { requestId } : {}), ...fields });
  process.stderr.write(`${line}\n`);
}
