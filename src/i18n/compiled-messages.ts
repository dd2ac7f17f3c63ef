import compile from 'icu-minify/compile';

type MessageTree = { [key: string]: string | MessageTree };
type CompiledTree = { [key: string]: ReturnType<typeof compile> | CompiledTree };

const compiled = new Map<string, CompiledTree>();

function compileTree(tree: MessageTree): CompiledTree {
  const out: CompiledTree = {};
  // Plain objects again: the compiler's option maps have no prototype, which React refuses to pass to the browser.
  for (const [key, value] of Object.entries(tree)) out[key] = typeof value === 'string' ? JSON.parse(JSON.stringify(compile(value))) as ReturnType<typeof compile> : compileTree(value);
  return out;
}

/**
 * The messages of a language with every ICU message parsed once per process (plain texts stay
 * strings). The build formats them with use-intl's `format-only` (next.config.ts), so the browser
 * ships no ICU parser: about 12 KB gzip less on every page.
 */
export function compiledMessages(lang: string, tree: MessageTree): CompiledTree {
  let found = compiled.get(lang);
  if (!found) {
    found = compileTree(tree);
    compiled.set(lang, found);
  }
  return found;
}
