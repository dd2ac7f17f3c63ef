import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * The outbox of the server the browser tests run against (no SMTP_URL): the one they start keeps its
 * files in `.data/e2e`; a server started beforehand names its folder in E2E_DATA_DIR.
 */
const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');

/** The outbox's file names, newest first (none before the first message). */
function newestFirst(): string[] {
  try {
    return readdirSync(OUTBOX).sort().reverse();
  } catch {
    return [];
  }
}

const read = (file: string) => readFileSync(path.join(OUTBOX, file), 'utf8');

/** The newest message to `target` in the outbox, waiting for it to arrive. */
export async function latestMessageTo(target: string): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      for (const file of newestFirst().slice(0, 50)) {
        const text = read(file);
        if (text.includes(`To: ${target}\n`)) {
          found = text;
          return found;
        }
      }
      return '';
    }, { timeout: 10_000 })
    .not.toBe('');
  return found;
}

/** The six-digit code of the newest message to `target`. */
export async function latestCodeTo(target: string): Promise<string> {
  const text = await latestMessageTo(target);
  // Mail (Chinese, English), then text messages (Chinese, English).
  const code = /：(\d{6})|is: (\d{6})|验证码 (\d{6})|Code (\d{6})/.exec(text);
  expect(code, text).not.toBeNull();
  return (code![1] ?? code![2] ?? code![3] ?? code![4])!;
}

/** Every message to `target` whose text matches `pattern`, newest first, waiting for one to arrive. */
export async function messagesTo(target: string, pattern: RegExp): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(() => {
      found = newestFirst()
        .map(read)
        .filter((text) => text.includes(`To: ${target}\n`) && pattern.test(text));
      return found.length;
    }, { timeout: 10_000 })
    .toBeGreaterThan(0);
  return found;
}
