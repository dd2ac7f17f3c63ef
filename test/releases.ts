import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '@/server/db/migrate';

/** The migrations as a release up to migration `lastIdx` shipped them, in a temporary folder. */
export function releaseMigrations(lastIdx: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'release-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= lastIdx) }));
  return folder;
}

export function removeRelease(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}
