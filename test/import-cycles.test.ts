import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, resolveImport, valueImports } from './import-cycles.mjs';

const src = path.resolve(__dirname, '../src');

describe('valueImports', () => {
  it('follows value imports, re-exports and literal dynamic imports, not type-only ones', () => {
    const text = [
      "import 'server-only';",
      "import { a } from './a';",
      "import b, { type B } from './b';",
      "import type { C } from './c';",
      "import { type D } from './d';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "export * from './g';",
      "const h = () => import('./h');",
      'const i = (name: string) => import(name);',
    ].join('\n');
    expect(valueImports('x.ts', text)).toEqual(['server-only', './a', './b', './e', './g', './h']);
  });
});

describe('cyclesOf', () => {
  it('finds each group of files that import each other, and a file that imports itself', () => {
    const graph = new Map([
      ['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []],
      ['e', ['e']], ['f', ['d']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds none in a graph without cycles', () => {
    expect(cyclesOf(new Map([['a', ['b', 'c']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });
});

describe('resolveImport', () => {
  it('finds the file an alias or a relative path names under src, and nothing for a package', () => {
    const from = path.join(src, 'server/modules/orders/decide.ts');
    expect(resolveImport(src, from, './money')).toBe(path.join(src, 'server/modules/orders/money.ts'));
    expect(resolveImport(src, from, '@/lib/lang')).toBe(path.join(src, 'lib/lang.ts'));
    expect(resolveImport(src, from, 'drizzle-orm')).toBeNull();
    expect(resolveImport(src, from, '../../../../package.json')).toBeNull();
  });
});
