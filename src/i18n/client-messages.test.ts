import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import zh from '../../messages/zh.json';
import { pickMessages, STOREFRONT_CLIENT_NAMESPACES } from './client-messages';

const ROOT = path.resolve(__dirname, '../..');
const LOCALE_DIR = path.join(ROOT, 'src/app/[locale]');
/** Route trees whose layouts hand the client every message (ADR 0046). */
const FULL_PROVIDER_TREES = ['admin', '(account)'].map((dir) => path.join(LOCALE_DIR, dir));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return FULL_PROVIDER_TREES.includes(full) ? [] : filesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/**
 * The namespaces that browser code reachable from these route files reads through `useTranslations`:
 * a file is browser code when it says 'use client' or a browser file imports it.
 */
function clientNamespaces(entries: readonly string[]): { namespaces: Map<string, string>; unreadable: string[] } {
  const namespaces = new Map<string, string>();
  const unreadable: string[] = [];
  const seen = new Map<string, boolean>();
  const visit = (file: string, inClient: boolean) => {
    const before = seen.get(file);
    if (before === true || (before === false && !inClient)) return;
    const source = readFileSync(file, 'utf8');
    const client = inClient || /^\s*['"]use client['"]/.test(source);
    seen.set(file, client);
    if (client) {
      for (const call of source.matchAll(/useTranslations\(([^)]*)\)/g)) {
        const arg = (call[1] ?? '').trim();
        const literal = /^(['"])([^'"`$]+)\1$/.exec(arg);
        if (literal?.[2]) namespaces.set(literal[2], path.relative(ROOT, file));
        else unreadable.push(`${path.relative(ROOT, file)}: useTranslations(${arg})`);
      }
      if (/\buseMessages\(/.test(source)) unreadable.push(`${path.relative(ROOT, file)}: useMessages()`);
    }
    for (const m of source.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (/^(?:import|export) type\s/.test(m[0])) continue; // types only: no code reaches the browser
      const target = spec ? resolveImport(file, spec) : null;
      if (target) visit(target, client);
    }
  };
  for (const entry of entries) visit(entry, false);
  return { namespaces, unreadable };
}

const covered = (ns: string) => STOREFRONT_CLIENT_NAMESPACES.some((listed) => ns === listed || ns.startsWith(`${listed}.`));

describe('the messages handed to the storefront browser code (ADR 0046)', () => {
  const { namespaces, unreadable } = clientNamespaces(filesUnder(LOCALE_DIR));

  it('lists every namespace a storefront client component reads', () => {
    expect(namespaces.size).toBeGreaterThan(5);
    const missing = [...namespaces].filter(([ns]) => !covered(ns)).map(([ns, file]) => `${ns} (${file})`);
    expect(missing).toEqual([]);
    expect(unreadable).toEqual([]);
  });

  it('lists no namespace that is missing from the messages or read by no storefront client component', () => {
    for (const ns of STOREFRONT_CLIENT_NAMESPACES) {
      expect(Object.keys(pickMessages(zh, [ns])), ns).not.toEqual([]);
      expect([...namespaces.keys()].some((read) => read === ns || read.startsWith(`${ns}.`)), ns).toBe(true);
    }
  });

  it('picks dotted namespaces into a tree of the same shape, and leaves out what is missing', () => {
    const tree = { a: { b: { c: 'x' }, d: 'y' }, e: 'z' };
    expect(pickMessages(tree, ['a.b', 'e', 'nope', 'a.nope'])).toEqual({ a: { b: { c: 'x' } }, e: 'z' });
    expect(pickMessages(tree, [])).toEqual({});
    // Overlapping namespaces: the whole one, and the source left as it was.
    const before = JSON.stringify(tree);
    expect(pickMessages(tree, ['a', 'a.b', 'e.f'])).toEqual({ a: tree.a });
    expect(JSON.stringify(tree)).toBe(before);
  });
});
