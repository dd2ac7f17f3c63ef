import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where mail and SMS land when no SMTP server (SMTP_URL) or SMS provider is configured. */
export function outboxDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR ?? '.data', 'outbox');
}

/** Writes one message into the outbox as UTF-8 text; names sort by time (`20261122T101500123Z-mail-1a2b3c.txt`). */
export async function writeOutbox(kind: 'mail' | 'sms', content: string): Promise<string> {
  const dir = outboxDir();
  await mkdir(/* turbopackIgnore: true */ dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const file = path.join(/* turbopackIgnore: true */ dir, `${stamp}-${kind}-${randomBytes(3).toString('hex')}.txt`);
  await writeFile(/* turbopackIgnore: true */ file, content, { mode: 0o600 });
  return file;
}
