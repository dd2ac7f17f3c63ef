import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'messages', 'public', 'next.config.ts', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];
export const STAMP_FILE = path.join('.next', 'build-stamp');

function walk(entry: string, out: string[]): void {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry).sort()) {
      if (name.endsWith('.test.ts')) continue;
      walk(path.join(entry, name), out);
    }
  } else {
    out.push(entry);
  }
}

/** A digest of everything the production build is made from. */
export function sourceDigest(root = process.cwd()): string {
  const files: string[] = [];
  for (const input of INPUTS) walk(path.join(root, input), files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** The build is missing or was made from other sources. */
export function buildIsStale(root = process.cwd()): boolean {
  const stamp = path.join(root, STAMP_FILE);
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== sourceDigest(root);
}
