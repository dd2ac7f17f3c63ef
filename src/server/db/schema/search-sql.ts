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
 * Every name-like field, lower-case, in one text: Chinese and English names, pinyin, pinyin
 * initials and synonyms — the stored generated column `search_text`. One GIN trigram index on it
 * serves every name search of 3+ characters with a single bitmap scan instead of OR-ing several.
 */
export function searchTextSql(p = ''): string {
  return `lower(${p}name_zh || ' ' || ${p}name_en || ' ' || ${p}pinyin || ' ' || ${p}pinyin_initials || ' ' || ${p}synonyms)`;
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
