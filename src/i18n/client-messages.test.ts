import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localValueImports, sourceFilesUnder } from '../../test/import-cycles.mjs';
import zh from '../../messages/zh.json';
import { ACCOUNT_FRAME_NAMESPACES, ACCOUNT_PAGE_NAMESPACES, PAGE_CLIENT_NAMESPACES, pickMessages, SHELL_CLIENT_NAMESPACES, STOREFRONT_CLIENT_NAMESPACES } from './client-messages';

const ROOT = path.resolve(__dirname, '../..');
const LOCALE_DIR = path.join(ROOT, 'src/app/[locale]');
const ACCOUNT_DIR = path.join(LOCALE_DIR, '(account)');
/** Route trees with a provider of their own: the back-office's (every message) and the account area's (its list), ADR 0046. */
const OWN_PROVIDER_TREES = [path.join(LOCALE_DIR, 'admin'), ACCOUNT_DIR];

const filesUnder = (dir: string, skip: readonly string[] = OWN_PROVIDER_TREES) => sourceFilesUnder(dir, { skip, tests: false });

interface Reach {
  /** Namespace → a browser file that reads it. */
  namespaces: Map<string, string>;
  /** Namespaces handed over by a `<ClientMessages namespaces={[…]}>` in the server code reached. */
  handed: Set<string>;
  /** The same for `<AccountMessages namespaces={[…]}>` (ADR 0099). */
  accountHanded: Set<string>;
  unreadable: string[];
}

/**
 * What the route files reach: the namespaces that browser code reads through `useTranslations` (a
 * file is browser code when it says 'use client' or a browser file imports it), and the namespaces
 * that server code hands over with `ClientMessages`.
 */
function reach(entries: readonly string[]): Reach {
  const namespaces = new Map<string, string>();
  const handed = new Set<string>();
  const accountHanded = new Set<string>();
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
    } else {
      for (const use of source.matchAll(/<(ClientMessages|AccountMessages)\s+namespaces=\{([^}]*)\}/g)) {
        const list = /^\[((?:\s*'[^']+'\s*,?)*)\]$/.exec((use[2] ?? '').trim());
        if (!list) unreadable.push(`${path.relative(ROOT, file)}: ${use[1]} namespaces={${use[2]}}`);
        const into = use[1] === 'ClientMessages' ? handed : accountHanded;
        for (const ns of (list?.[1] ?? '').matchAll(/'([^']+)'/g)) into.add(ns[1] as string);
      }
    }
    // Type-only imports are not followed: no code of theirs reaches the browser.
    for (const target of localValueImports(path.join(ROOT, 'src'), file, source)) visit(target, client);
  };
  for (const entry of entries) visit(entry, false);
  return { namespaces, handed, accountHanded, unreadable };
}

const coveredBy = (list: readonly string[]) => (ns: string) => list.some((listed) => ns === listed || ns.startsWith(`${listed}.`));
const rel = (file: string) => path.relative(LOCALE_DIR, file);

describe('the messages handed to the storefront browser code (ADR 0046)', () => {
  const files = filesUnder(LOCALE_DIR);
  const frames = files.filter((f) => /\/(layout|template|error|not-found|loading|default)\.tsx$/.test(f));
  const pages = files.filter((f) => /\/page\.tsx$/.test(f));
  const all = reach(files);

  it('the frame reads only the namespaces the locale layout hands over', () => {
    expect(frames.length).toBeGreaterThan(3);
    const { namespaces, unreadable } = reach(frames);
    expect(namespaces.size).toBeGreaterThan(5);
    const missing = [...namespaces].filter(([ns]) => !coveredBy(SHELL_CLIENT_NAMESPACES)(ns)).map(([ns, file]) => `${ns} (${file})`);
    expect(missing).toEqual([]);
    expect(unreadable).toEqual([]);
  });

  it('every page reads only what the frame and its own ClientMessages hand over', () => {
    expect(pages.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const page of pages) {
      const { namespaces, handed, unreadable } = reach([page]);
      const covered = coveredBy([...SHELL_CLIENT_NAMESPACES, ...handed]);
      for (const [ns, file] of namespaces) if (!covered(ns)) missing.push(`${rel(page)}: ${ns} (${file})`);
      missing.push(...unreadable.map((u) => `${rel(page)}: ${u}`));
      // A page hands over only namespaces of the list (the provider picks nothing else).
      for (const ns of handed) if (!coveredBy(PAGE_CLIENT_NAMESPACES)(ns)) missing.push(`${rel(page)}: hands over ${ns}, which is not in PAGE_CLIENT_NAMESPACES`);
    }
    expect(missing).toEqual([]);
    // Some pages do hand over their own namespaces (the check above is not vacuous).
    expect(all.handed.size).toBeGreaterThan(3);
    expect(all.accountHanded).toEqual(new Set());
  });

  it('lists no namespace that is missing from the messages or read by no storefront client component', () => {
    for (const ns of STOREFRONT_CLIENT_NAMESPACES) {
      expect(Object.keys(pickMessages(zh, [ns])), ns).not.toEqual([]);
      expect([...all.namespaces.keys()].some((read) => read === ns || read.startsWith(`${ns}.`)), ns).toBe(true);
    }
    // A page's namespace is handed over by some page, and none is listed twice.
    for (const ns of PAGE_CLIENT_NAMESPACES) expect(all.handed.has(ns), ns).toBe(true);
    expect(new Set(STOREFRONT_CLIENT_NAMESPACES).size).toBe(STOREFRONT_CLIENT_NAMESPACES.length);
  });

  describe('the account area (ADR 0099)', () => {
    const files = filesUnder(ACCOUNT_DIR, []);
    const frames = files.filter((f) => /\/(layout|template|error|not-found|loading|default)\.tsx$/.test(f));
    const pages = files.filter((f) => /\/page\.tsx$/.test(f));

    it('its frame reads only the namespaces the account layout hands over', () => {
      expect(frames.length).toBeGreaterThan(0);
      const { namespaces, handed, accountHanded, unreadable } = reach(frames);
      expect(namespaces.has('account')).toBe(true);
      const missing = [...namespaces].filter(([ns]) => !coveredBy(ACCOUNT_FRAME_NAMESPACES)(ns)).map(([ns, file]) => `${ns} (${file})`);
      expect(missing).toEqual([]);
      expect(unreadable).toEqual([]);
      expect([...handed, ...accountHanded]).toEqual([]);
    });

    it('every page reads only what the frame and its own AccountMessages hand over, and is handed nothing it does not read', () => {
      expect(pages.length).toBeGreaterThan(20);
      const problems: string[] = [];
      for (const page of pages) {
        const { namespaces, handed, accountHanded, unreadable } = reach([page]);
        const covered = coveredBy([...ACCOUNT_FRAME_NAMESPACES, ...accountHanded]);
        for (const [ns, file] of namespaces) if (!covered(ns)) problems.push(`${rel(page)}: ${ns} (${file})`);
        problems.push(...unreadable.map((u) => `${rel(page)}: ${u}`));
        if (handed.size > 0) problems.push(`${rel(page)}: ClientMessages in the account area`);
        for (const ns of accountHanded) {
          if (!coveredBy(ACCOUNT_PAGE_NAMESPACES)(ns)) problems.push(`${rel(page)}: hands over ${ns}, which is not in ACCOUNT_PAGE_NAMESPACES`);
          if (![...namespaces.keys()].some(coveredBy([ns]))) problems.push(`${rel(page)}: hands over ${ns}, which none of its client components reads`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('lists namespaces that exist, each handed over by some page, none twice and none of the back-office', () => {
      const handedAnywhere = [...reach(pages).accountHanded];
      for (const ns of ACCOUNT_PAGE_NAMESPACES) {
        expect(Object.keys(pickMessages(zh, [ns])), ns).not.toEqual([]);
        expect(handedAnywhere.some((h) => h === ns || h.startsWith(`${ns}.`)), ns).toBe(true);
      }
      expect(new Set(ACCOUNT_PAGE_NAMESPACES).size).toBe(ACCOUNT_PAGE_NAMESPACES.length);
      expect([...ACCOUNT_FRAME_NAMESPACES, ...ACCOUNT_PAGE_NAMESPACES].filter((ns) => ns.startsWith('admin'))).toEqual([]);
    });
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
