import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from './log';
import { observability } from './observability/observability';

/** The app's log: one JSON object per line on stderr, filtered by LOG_LEVEL. */

let lines: string[];

beforeEach(() => {
  lines = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('log', () => {
  it('writes one JSON line: time, level, event, then the fields', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    log('warn', 'orders.late', { orderId: 7, reason: 'stock' });
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    const record = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(record)).toEqual(['time', 'level', 'event', 'orderId', 'reason']);
    expect(record).toMatchObject({ level: 'warn', event: 'orders.late', orderId: 7, reason: 'stock' });
    expect(new Date(String(record.time)).toISOString()).toBe(record.time);
  });

  it('carries the request id of the request being answered', () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    observability().requestContext.run({ requestId: 'req-42' }, () => log('info', 'inside'));
    log('info', 'outside');
    const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ event: 'inside', requestId: 'req-42' });
    expect(outside).not.toHaveProperty('requestId');
  });

  it('writes every level by default, warnings and errors only at LOG_LEVEL=warn, nothing at silent', () => {
    const levels = ['info', 'warn', 'error'] as const;
    const written = (setting: string | undefined) => {
      lines = [];
      vi.stubEnv('LOG_LEVEL', setting);
      for (const level of levels) log(level, `e.${level}`);
      return lines.map((line) => (JSON.parse(line) as { level: string }).level);
    };
    expect(written(undefined)).toEqual(['info', 'warn', 'error']);
    expect(written('info')).toEqual(['info', 'warn', 'error']);
    expect(written('warn')).toEqual(['warn', 'error']);
    expect(written('silent')).toEqual([]);
  });
});
