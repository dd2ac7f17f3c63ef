// The benchmarks' journal: each `npm run bench:*` adds its figures to the file of the day it runs (UTC),
// docs/benchmarks/YYYY-MM-DD.md, begun with a title when the day has none yet. docs/benchmarks.md is the
// reference page that keeps the latest figure of each benchmark; it is edited by hand, never appended to.
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

export const JOURNAL_DIR = path.join('docs', 'benchmarks');

/** The journal file of the day `now` falls on, in UTC. */
export function journalFile(now = new Date()) {
  return path.join(JOURNAL_DIR, `${now.toISOString().slice(0, 10)}.md`);
}

/** Appends text to the day's journal file, creating the file with its title first. */
export function appendToJournal(text, now = new Date()) {
  const file = journalFile(now);
  if (!existsSync(file)) {
    mkdirSync(JOURNAL_DIR, { recursive: true });
    appendFileSync(file, `# Benchmarks of ${now.toISOString().slice(0, 10)}\n\nThe journal of one day; the latest figures and their targets are in [docs/benchmarks.md](../benchmarks.md).\n`);
  }
  appendFileSync(file, text);
  return file;
}
