import 'server-only';

type Level = 'info' | 'warn' | 'error';

/** JSON lines on stderr: one event per line, machine-readable, never a stack to the client. */
export function log(level: Level, event: string, fields: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  if (level === 'info' && process.env.LOG_LEVEL === 'warn') return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  process.stderr.write(`${line}\n`);
}
