/**
 * The SQL expressions behind product search, in one place (ADR 0014). The Drizzle schema turns
 * them into generated columns, so every writer of `products` — seed, generator, back-office — gets
 * them filled by PostgreSQL itself, and the search engine queries exactly these columns.
 *
 * No `import 'server-only'`: drizzle-kit loads the schema files.
 */

/**
 * One normalised, lower-case text per product for every name-like field: Chinese and English
 * names, pinyin, pinyin initials and synonyms. One GIN trigram index on it serves every name
 * search of 3+ characters with a single bitmap scan instead of OR-ing several indexes.
 */
export const SEARCH_TEXT_SQL =
  `lower(name_zh || ' ' || name_en || ' ' || pinyin || ' ' || pinyin_initials || ' ' || synonyms)`;

/** Source of the short-key grams: the texts in which a 1–2 character key is meaningful. */
const GRAM_SOURCE_SQL = `lower(name_zh || ' ' || pinyin_initials || ' ' || synonyms)`;

/**
 * Every 1-character and 2-character gram of the Chinese name, the pinyin initials and the
 * synonyms, as a `text[]` with a GIN index: trigrams cannot serve a key of one or two Chinese
 * characters, `search_grams @> ARRAY['苯甲']` can. The 2-grams come from two passes that pair
 * characters from offset 0 and from offset 1 (chr(1) as the separator, which names never hold).
 * Only immutable functions, as a generated column requires; the same on PostgreSQL 15 and PGlite.
 */
export const SEARCH_GRAMS_SQL =
  `regexp_split_to_array(${GRAM_SOURCE_SQL}, '')`
  + ` || string_to_array(regexp_replace(${GRAM_SOURCE_SQL}, '(..)', '\\1' || chr(1), 'g'), chr(1))`
  + ` || string_to_array(regexp_replace(substr(${GRAM_SOURCE_SQL}, 2), '(..)', '\\1' || chr(1), 'g'), chr(1))`;
