/**
 * The SQL expressions behind product search, in one place (ADR 0014). The Drizzle schema turns
 * them into a generated column (`search_text`) and expression indexes, and the search engine
 * queries exactly the same expressions, so every writer of `products` (seed, generator,
 * back-office) is searchable without doing anything.
 *
 * Each takes the table alias prefix ('' in the index, 'p.' in queries); PostgreSQL matches an
 * expression to an index by meaning, not by spelling, so both use the index.
 *
 * No `import 'server-only'`: drizzle-kit loads the schema files.
 */

/**
 * Separators of the search text and the letters that stand for them in it: a hyphen, a space and a
 * prime become ǀ ǁ ǂ (U+01C0–U+01C2, click letters of Khoisan orthography, never in a
 * product name), which pg_trgm counts as word characters (ADR 0014). pg_trgm splits words at
 * every other character and pads each word, so in `2-bromo` the locant `2` and `bromo` gave
 * separate trigrams (`  2`, ` 2 `, `  b`, ` br`…) that nearly every product has: the key
 * `6-jiaxia` drew 95,000 candidates from the index for 6,270 matches at 1M products, each one a
 * heap read. Translated, the whole text is one word and a key's trigrams are exactly its
 * three-character windows (`6ǀj`, `ǀji`, `jia`…), the window across the hyphen included: 8,200
 * candidates. `trigramKey` translates a key the same way.
 */
export const TRIGRAM_SEPARATORS = '- ′';
export const TRIGRAM_LETTERS = 'ǀǁǂ';

/**
 * The characters the search box turns into spaces before it searches (src/lib/search-key.ts:
 * regular-expression metacharacters, quotes, semicolon, equals, comma, full-width comma and
 * semicolon). The search text folds each of them into the space's letter ǁ, so a name that holds
 * them (`N,N-Dimethylformamide`, `2'-Deoxyadenosine`, `Anti-GAPDH (14C10)`) is found by the key a
 * buyer pastes: `N N-Dimethylformamide` once sanitised. A run of them is one ǁ, as a run of spaces
 * in a key is one space.
 */
export const SEARCH_BOX_SPACES = '\\^$.*+?()[]{}|/\'";=,，；';

const FOLD_FROM = `${TRIGRAM_SEPARATORS}${SEARCH_BOX_SPACES}`;
const FOLD_TO = `${TRIGRAM_LETTERS}${'ǁ'.repeat([...SEARCH_BOX_SPACES].length)}`;

/** The body of an SQL string literal (standard_conforming_strings: only quotes are doubled). */
const literal = (text: string) => text.replace(/'/g, "''");

/**
 * Every name-like field, lower-case, in one text with its separators translated (above): Chinese
 * and English names, pinyin, pinyin initials and synonyms — the stored generated column
 * `search_text`. One GIN trigram index on it serves every name search of 3+ characters with a
 * single bitmap scan instead of OR-ing several.
 */
export function searchTextSql(p = ''): string {
  return `regexp_replace(translate(lower(${p}name_zh || ' ' || ${p}name_en || ' ' || ${p}pinyin || ' ' || ${p}pinyin_initials || ' ' || ${p}synonyms), '${literal(FOLD_FROM)}', '${literal(FOLD_TO)}'), 'ǁ+', 'ǁ', 'g')`;
}

/** The same text untranslated, for the rare key that holds one of the letters above. */
export function searchTextPlainSql(p = ''): string {
  return `lower(${p}name_zh || ' ' || ${p}name_en || ' ' || ${p}pinyin || ' ' || ${p}pinyin_initials || ' ' || ${p}synonyms)`;
}

/** A lower-case key translated like `search_text`. */
export function trigramKey(key: string): string {
  let out = '';
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  for (const c of key) {
    const i = from.indexOf(c);
    out += i >= 0 ? (to[i] as string) : c;
  }
  // Runs of spaces are one, in the key (key.ts) as in search_text.
  return out.replace(/ǁ+/g, 'ǁ');
}

/** True when the key holds one of the letters separators become (then search_text alone cannot tell). */
export function hasTrigramLetter(key: string): boolean {
  return [...key].some((c) => TRIGRAM_LETTERS.includes(c));
}

/**
 * The texts in which a 1–2 character key is meaningful: the Chinese name, the pinyin initials and
 * the synonyms, lower-case. A key of one or two characters (no space) is a substring of this text
 * exactly when it is one of the grams below.
 */
export function gramSourceSql(p = ''): string {
  return `lower(${p}name_zh || ' ' || ${p}pinyin_initials || ' ' || ${p}synonyms)`;
}

/**
 * Every 1-character and 2-character gram of the gram source as a `text[]`, GIN-indexed: trigrams
 * cannot serve a key of one or two Chinese characters, `grams @> ARRAY['苯甲']` can. The 2-grams
 * come from two passes pairing characters from offset 0 and from offset 1 (chr(1) separates them;
 * names never hold it). Only immutable functions, as an index expression requires; the same on
 * PostgreSQL 15 and PGlite.
 */
export function searchGramsSql(p = ''): string {
  const src = gramSourceSql(p);
  return `(regexp_split_to_array(${src}, '')`
    + ` || string_to_array(regexp_replace(${src}, '(..)', '\\1' || chr(1), 'g'), chr(1))`
    + ` || string_to_array(regexp_replace(substr(${src}, 2), '(..)', '\\1' || chr(1), 'g'), chr(1)))`;
}
