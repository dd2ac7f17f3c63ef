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
 * candidates. `trigramKey` translates a key the same way. The trigram index has since given way to
 * substring lexemes (`searchSubstringsSql`, ADR 0014 §12), which take the text as it is; the
 * letters stay, because the text is a stored column and the search box's folding relies on them.
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
 * Characters of each substring lexeme (ADR 0014 §12): a key of up to this many characters is looked
 * up as one prefix, a longer key as its consecutive chunks of this many characters.
 */
export const SUBSTRING_LENGTH = 6;

/** Products per bucket of the substring lexemes: ids 0–99,999 are bucket 0, and so on (ADR 0014 §12). */
export const SEARCH_BUCKET = 100_000;

/** Stands for the bucket number in a tsquery template (`substringQuery`); no key can hold it. */
export const BUCKET_MARK = '\u0003';

/**
 * Every substring of `search_text` that starts at some character and runs SUBSTRING_LENGTH
 * characters (fewer at the end of the text), each led by the product's bucket (`id / 100000`) and
 * `|`, as the lexemes of a tsvector — GIN-indexed, nothing stored (ADR 0014 §12).
 *
 * A key of up to SUBSTRING_LENGTH characters is in the text exactly when it begins one of these
 * substrings, so `… @@ '3|amino':*` finds the products of bucket 3 that hold `amino`, with no
 * recheck: GIN reads the dictionary range of that prefix and the postings of its occurrences. The
 * bucket bounds that work: a search reads bucket after bucket and stops at the 10,001st match, so
 * a key in a tenth of a million products reads one bucket, not a bitmap of 100,000 rows — where
 * trigrams intersected the long posting lists of `jia`, `ben`, `eth`… over the whole catalogue and
 * then read every candidate row. A longer key is read as its chunks (`'3|qiangj' & '3|ngjibe'`),
 * which select nearly as well, and `strpos` confirms it.
 *
 * The substrings come from SUBSTRING_LENGTH passes, the k-th cutting the text from its k-th
 * character into chunks of SUBSTRING_LENGTH (the last one shorter): together they start at every
 * character. chr(1) separates the chunks (names never hold it); only immutable functions, as an
 * index expression requires; the same on PostgreSQL 15 and PGlite.
 */
export function searchSubstringsSql(p = ''): string {
  const n = SUBSTRING_LENGTH;
  const passes = Array.from({ length: n }, (_, k) => {
    const from = k === 0 ? `${p}search_text` : `substr(${p}search_text, ${k + 1})`;
    return `string_to_array(regexp_replace(${from}, '(.{1,${n}})', chr(1) || (${p}id / ${SEARCH_BUCKET})::text || '|\\1', 'g'), chr(1))`;
  });
  return `array_to_tsvector(array_remove(${passes.join(' || ')}, ''))`;
}

/**
 * Characters of each long gram (ADR 0104): the search text cut into grams of this length at every SUBSTRING_LENGTH-th
 * character, without a bucket. A key of at least LONG_GRAM_KEY_MIN characters holds one of them, or its start, wherever
 * it stands in a text, and a gram this long is in few products even when each of its six-character substrings is in many.
 */
export const LONG_GRAM_LENGTH = 12;

/**
 * The shortest key read from the long grams (ADR 0104, 0108): wherever it stands in a text, one of its first
 * SUBSTRING_LENGTH characters starts a gram there, which lies whole inside the key or, when fewer than LONG_GRAM_LENGTH
 * characters of the key are left from that character, begins with them (asked for as a prefix: at least
 * LONG_GRAM_LENGTH - SUBSTRING_LENGTH + 1 characters).
 */
export const LONG_GRAM_KEY_MIN = LONG_GRAM_LENGTH;

/**
 * The long grams of `search_text` (ADR 0104) as the lexemes of a tsvector, GIN-indexed, nothing stored: the grams of
 * LONG_GRAM_LENGTH characters starting at characters 0, 6, 12… (two passes, from the first character and from the
 * seventh, each cutting the text into grams of LONG_GRAM_LENGTH; the shorter pieces at the ends are lexemes too, which
 * a prefix term of a key ending the text finds, ADR 0108). No bucket: a key is read from them in one scan of the whole
 * catalogue, for a few entries.
 */
export function searchLongGramsSql(p = ''): string {
  const n = LONG_GRAM_LENGTH;
  const passes = [`${p}search_text`, `substr(${p}search_text, ${SUBSTRING_LENGTH + 1})`].map(
    (from) => `string_to_array(regexp_replace(${from}, '(.{1,${n}})', chr(1) || '\\1', 'g'), chr(1))`,
  );
  return `array_to_tsvector(array_remove(${passes.join(' || ')}, ''))`;
}

/**
 * The long grams of a (translated) key by where the key may stand (ADR 0104, 0108): for each of its first
 * SUBSTRING_LENGTH characters, the grams starting there and every SUBSTRING_LENGTH characters on that lie whole inside the
 * key, or, when none does, the rest of the key from that character, which the text's gram starting there begins with
 * (a term shorter than LONG_GRAM_LENGTH: `longGramsQuery` asks for it as a prefix). Wherever the key stands in a text,
 * the terms of one of these groups start at a multiple of SUBSTRING_LENGTH there and are all in the index; asking for
 * one term of each group finds every text holding the key. Empty for a key shorter than LONG_GRAM_KEY_MIN.
 */
export function longGramGroups(key: string): string[][] {
  const chars = [...key];
  if (chars.length < LONG_GRAM_KEY_MIN) return [];
  return Array.from({ length: SUBSTRING_LENGTH }, (_, start) => {
    const group: string[] = [];
    for (let i = start; i + LONG_GRAM_LENGTH <= chars.length; i += SUBSTRING_LENGTH) group.push(chars.slice(i, i + LONG_GRAM_LENGTH).join(''));
    if (group.length === 0) group.push(chars.slice(start).join(''));
    return group;
  });
}

/**
 * A tsquery against `searchLongGramsSql` asking for any group's terms, all of a group (quoted: any character is literal);
 * a term shorter than LONG_GRAM_LENGTH characters is the start of a gram, asked for as a prefix.
 */
export function longGramsQuery(groups: readonly (readonly string[])[]): string {
  const quote = (g: string) => `'${g.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${[...g].length < LONG_GRAM_LENGTH ? ':*' : ''}`;
  const terms = groups.map((group) => [...new Set(group)].map(quote).join(' & '));
  return [...new Set(terms)].map((term) => `(${term})`).join(' | ');
}

/**
 * The tsquery template of a (translated) key against `searchSubstringsSql`, BUCKET_MARK standing
 * for the bucket: the key as a prefix when it fits one substring (`exact`: nothing to confirm),
 * else every SUBSTRING_LENGTH-character chunk from its start and its last SUBSTRING_LENGTH
 * characters, all required. Lexemes are quoted, so any character of the key is literal.
 */
export function substringQuery(key: string): { template: string; exact: boolean } {
  const chunks = substringChunks(key);
  const exact = [...key].length <= SUBSTRING_LENGTH;
  return { template: chunksTemplate(chunks, exact), exact };
}

/**
 * What `substringQuery` asks the index for: the key itself when it fits one substring, else its
 * SUBSTRING_LENGTH-character chunks from the start and its last SUBSTRING_LENGTH characters (distinct).
 */
export function substringChunks(key: string): string[] {
  const chars = [...key];
  if (chars.length <= SUBSTRING_LENGTH) return [key];
  const chunks: string[] = [];
  for (let i = 0; i + SUBSTRING_LENGTH <= chars.length; i += SUBSTRING_LENGTH) chunks.push(chars.slice(i, i + SUBSTRING_LENGTH).join(''));
  if (chars.length % SUBSTRING_LENGTH !== 0) chunks.push(chars.slice(-SUBSTRING_LENGTH).join(''));
  return [...new Set(chunks)];
}

/**
 * The tsquery template of some of a key's chunks, all required (BUCKET_MARK standing for the
 * bucket); `prefix`: the one chunk is the whole key, looked up as a prefix. Lexemes are quoted, so
 * any character of the key is literal.
 */
export function chunksTemplate(chunks: readonly string[], prefix: boolean): string {
  const quote = (s: string) => `'${BUCKET_MARK}|${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  if (prefix) return `${quote(chunks[0] ?? '')}:*`;
  return chunks.map(quote).join(' & ');
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

/** What a product without packs sorts as by ascending price: after every real price. */
const NO_PRICE_ASC = '10000000000';

/**
 * Sort keys of the price sorts, both ascending so that one btree serves each and products without
 * packs come last either way: the lowest pack price, and its negation (ADR 0015).
 */
export function priceAscSql(p = ''): string {
  return `coalesce(${p}min_price, ${NO_PRICE_ASC})`;
}

export function priceDescSql(p = ''): string {
  return `(-coalesce(${p}min_price, -1))`;
}
