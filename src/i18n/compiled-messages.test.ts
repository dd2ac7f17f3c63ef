import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import formatOnly from 'use-intl/format-message/format-only';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { compiledMessages } from './compiled-messages';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? leaves(v as Tree, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]]));
}

/** Argument names of an ICU message, with whether each is a plural count. */
function argumentsOf(message: string): Map<string, 'count' | 'text'> {
  const args = new Map<string, 'count' | 'text'>();
  for (const m of message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*(,\s*plural)?/g)) {
    const name = m[1] as string;
    if (m[2] || args.get(name) === 'count') args.set(name, 'count');
    else args.set(name, 'text');
  }
  return args;
}

const formatters = {
  getNumberFormat: (locale: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
  getPluralRules: (locale: string, options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locale, options),
  getDateTimeFormat: (locale: string, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
};

describe('messages compiled for the browser', () => {
  for (const [lang, tree, locale] of [['zh', zh, 'zh-CN'], ['en', en, 'en-US']] as const) {
    it(`formats every ${lang} message exactly as the ICU parser does, for several counts`, () => {
      const compiled = leaves(compiledMessages(lang, tree) as Tree);
      const raw = new Map(leaves(tree as Tree));
      expect(compiled.length).toBe(raw.size);
      let withArguments = 0;
      for (const [key, message] of compiled) {
        const source = raw.get(key) as string;
        const args = argumentsOf(source);
        if (args.size > 0) withArguments += 1;
        for (const n of [0, 1, 2, 7, 1234]) {
          const values: Record<string, string | number | ((chunks: string[]) => string)> = Object.fromEntries([...args].map(([name, kind]) => [name, kind === 'count' ? n : `«${name}»`]));
          // Rich text (`<privacy>…</privacy>`): each tag a function of its chunks.
          for (const [, tag] of source.matchAll(/<([A-Za-z0-9_]+)>/g)) values[tag as string] = (chunks: string[]) => `[${tag}:${chunks.join('')}]`;
          const expected = new IntlMessageFormat(source, locale).format(values);
          const actual = formatOnly(key, message as never, values as never, { locale, formatters, timeZone: 'Asia/Shanghai' } as never);
          expect(actual, `${lang}:${key} with ${n}`).toEqual(expected);
          if (args.size === 0) break;
        }
      }
      expect(withArguments).toBeGreaterThan(50);
    });
  }

  it('compiles once per process and hands out plain objects only', () => {
    const a = compiledMessages('en', en);
    expect(compiledMessages('en', en)).toBe(a);
    const plain = (v: unknown): boolean => v === null || typeof v !== 'object'
      || ((Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype) && Object.values(v as object).every(plain));
    expect(plain(a)).toBe(true);
  });
});
