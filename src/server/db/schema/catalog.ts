import { sql } from 'drizzle-orm';
import {
  boolean, check, date, index, integer, jsonb, numeric, pgTable, pgView, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { substances } from './substances';
import { priceAscSql, priceDescSql, searchGramsSql, searchLongGramsSql, searchSubstringsSql, searchTextSql } from './search-sql';

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    country: text('country').notNull().default(''),
    logoText: text('logo_text').notNull().default(''),
    /** The logo image's key in the files module's store (PNG, JPEG or WebP as uploaded, re-encoded); null: the logo text stands for it. */
    logoPath: text('logo_path'),
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    authorised: boolean('authorised').notNull().default(false),
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('brands_code_uq').on(t.code), index('brands_authorised_idx').on(t.authorised, t.sort)],
);

/** Three-level category tree (docs/requirements/storefront.md#catalogue-data). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    level: smallint('level').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    leaf: boolean('leaf').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sort)],
);

export interface GhsBlock {
  pictograms: string[];
  signalWord: 'danger' | 'warning' | null;
  hazardStatements: string[];
  precautionaryStatements: string[];
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    itemNo: text('item_no').notNull(),
    cas: text('cas'),
    mdl: text('mdl'),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    pinyin: text('pinyin').notNull().default(''),
    pinyinInitials: text('pinyin_initials').notNull().default(''),
    synonyms: text('synonyms').notNull().default(''),
    formula: text('formula'),
    molecularWeight: numeric('molecular_weight', { precision: 10, scale: 3 }),
    smiles: text('smiles'),
    /**
     * Density in g/mL (at 20 °C) of a liquid sold by volume or a solid sold by mass whose buyers count in the other
     * unit: the substance page's cheapest mix converts mass and volume through it (ADR 0086); null: not known.
     */
    density: numeric('density', { precision: 6, scale: 3 }),
    /** The product's structure as a distinct substance (ADR 0075); null without a SMILES, or before `structures:rebuild`. */
    substanceId: integer('substance_id').references(() => substances.id),
    purity: text('purity').notNull().default(''),
    grade: text('grade').notNull().default(''),
    /** The grade as Chinese catalogues write it (分析纯, 色谱纯…); empty: the same as `grade`. */
    gradeZh: text('grade_zh').notNull().default(''),
    storage: text('storage').notNull().default('rt'),
    shipping: text('shipping').notNull().default('ambient'),
    ghs: jsonb('ghs').$type<GhsBlock>(),
    /** Controlled chemicals: 'precursor' (易制毒), 'explosive' (易制爆) or 'toxic' (剧毒); null for others. */
    controlClass: text('control_class').$type<'precursor' | 'explosive' | 'toxic'>(),
    brandId: integer('brand_id').notNull().references(() => brands.id),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    isSpecial: boolean('is_special').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * The promotion window of the hot, new and special flags (ADR 0030): outside it (before the start,
     * from the end on) the flags put the product in no home block or flagged list. Null: open on that side.
     */
    promoStartsAt: timestamp('promo_starts_at', { withTimezone: true }),
    promoEndsAt: timestamp('promo_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The lowest list price of the product's packs (null: no packs), kept by triggers on
     * product_packs (migration 0006), so that price sorts walk an index like the others (ADR 0015).
     */
    minPrice: numeric('min_price', { precision: 12, scale: 2 }),
    /** How many packs the product has; kept with min_price by the same triggers (migration 0010). */
    packCount: integer('pack_count').notNull().default(0),
    /** Whether any pack has stock; kept with min_price (migration 0010): the "in stock" filter reads one column. */
    inStock: boolean('in_stock').notNull().default(false),
    /**
     * Generated (search-sql.ts): every name-like field in lower case, separators translated into
     * letters. Stored, because confirming a match on it (strpos) costs a fraction of recomputing
     * lower() and translate() over five columns, and the substring index is built from it (ADR 0014).
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql.raw(searchTextSql())),
  },
  (t) => [
    uniqueIndex('products_item_no_uq').on(t.itemNo),
    index('products_item_no_prefix_idx').using('btree', sql`${t.itemNo} text_pattern_ops`),
    index('products_cas_idx').on(t.cas),
    index('products_brand_idx').on(t.brandId, t.id),
    // A brand's active products from the index alone: a brand-name search counts them without the heap.
    index('products_brand_active_idx').on(t.brandId, t.id).where(sql`${t.active}`),
    index('products_category_idx').on(t.categoryId, t.id),
    // A category's count, and its in-stock count, from the index alone: the capped count of a category
    // list reads up to 10,001 entries here instead of as many table rows (ADR 0025).
    index('products_category_active_idx').on(t.categoryId, t.inStock).where(sql`${t.active}`),
    index('products_flags_idx').on(t.isHot, t.isNew, t.isSpecial),
    // The home page's hot, new and special blocks and lists: the newest flagged products from the index (ADR 0025).
    index('products_hot_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.active} and ${t.isHot}`),
    index('products_new_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.active} and ${t.isNew}`),
    index('products_special_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.active} and ${t.isSpecial}`),
    // Search (ADR 0014, 0015): partial on `active`, the only rows the storefront searches.
    // Substring lexemes of search_text for keys of 3+ characters and Chinese characters (ADR 0014 §12).
    index('products_search_substr_idx').using('gin', sql.raw(searchSubstringsSql())).where(sql`${t.active}`),
    // Long grams of search_text, without buckets: a long key's few candidates in one scan (ADR 0104).
    index('products_search_long_idx').using('gin', sql.raw(searchLongGramsSql())).where(sql`${t.active}`),
    // The grams are an expression index (search-sql.ts): nothing stored for them.
    index('products_search_grams_idx').using('gin', sql.raw(searchGramsSql())).where(sql`${t.active}`),
    // Exact names, so that a key with 10,000+ matches still shows the product of that very name first.
    index('products_name_en_exact_idx').using('btree', sql`lower(${t.nameEn})`).where(sql`${t.active}`),
    index('products_name_zh_exact_idx').using('btree', t.nameZh).where(sql`${t.active}`),
    // Item number and CAS with the id: counting and ranking their matches is an index-only scan.
    index('products_item_no_active_idx').using('btree', sql`${t.itemNo} text_pattern_ops`, t.id).where(sql`${t.active}`),
    index('products_cas_prefix_idx').using('btree', sql`${t.cas} text_pattern_ops`, t.id).where(sql`${t.active}`),
    // A key recognised as a molecular formula (search/prepare.ts): exact, with the id for counting.
    // A substance's products (structure search, ADR 0075).
    index('products_substance_idx').on(t.substanceId, t.id).where(sql`${t.active}`),
    // Whether any product, active or not, has a substance: removing unused ones and the foreign key's check (ADR 0087).
    index('products_substance_any_idx').on(t.substanceId).where(sql`${t.substanceId} is not null`),
    // An MDL number typed into the search box (ADR 0075).
    index('products_mdl_idx').on(t.mdl, t.id).where(sql`${t.active}`),
    index('products_formula_idx').on(t.formula, t.id).where(sql`${t.active}`),
    // The back-office's inactive products (ADR 0030): few, walked newest first without reading the active ones.
    index('products_inactive_idx').on(t.id.desc()).where(sql`not ${t.active}`),
    index('products_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.active}`),
    // A category's and a brand's newest products, a page at a time from the index alone (ADR 0078; the trailing columns filter without the heap): the lists
    // without a key read one short range per category (or brand), whatever the size of the catalogue.
    index('products_category_newest_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc(), t.inStock, t.brandId).where(sql`${t.active}`),
    index('products_brand_newest_idx').on(t.brandId, t.createdAt.desc(), t.id.desc(), t.inStock).where(sql`${t.active}`),
    // The same lanes for the other sorts (ADR 0088): a category's or a brand's products by item number and by either
    // price, a page at a time from the index alone (the price expressions are those of the price sorts below; `min_price`
    // trailing, because PostgreSQL reads an expression from the index alone only when its columns are there too).
    index('products_category_item_no_idx').on(t.categoryId, t.itemNo, t.id, t.inStock, t.brandId).where(sql`${t.active}`),
    index('products_brand_item_no_idx').on(t.brandId, t.itemNo, t.id, t.inStock).where(sql`${t.active}`),
    index('products_category_price_asc_idx').using('btree', t.categoryId, sql.raw(priceAscSql()), t.id, t.inStock, t.brandId, t.minPrice).where(sql`${t.active}`),
    index('products_brand_price_asc_idx').using('btree', t.brandId, sql.raw(priceAscSql()), t.id, t.inStock, t.minPrice).where(sql`${t.active}`),
    index('products_category_price_desc_idx').using('btree', t.categoryId, sql.raw(priceDescSql()), t.id, t.inStock, t.brandId, t.minPrice).where(sql`${t.active}`),
    index('products_brand_price_desc_idx').using('btree', t.brandId, sql.raw(priceDescSql()), t.id, t.inStock, t.minPrice).where(sql`${t.active}`),
    // A category's flagged products, newest first, lane by lane (ADR 0088): only flagged rows, the flags and the
    // promotion window in the index, so the flag and its window are tested without the heap.
    index('products_category_flagged_idx').on(
      t.categoryId, t.createdAt.desc(), t.id.desc(), t.isHot, t.isNew, t.isSpecial, t.inStock, t.brandId, t.promoStartsAt, t.promoEndsAt,
    ).where(sql`${t.active} and (${t.isHot} or ${t.isNew} or ${t.isSpecial})`),
    // A brand's flagged lists without a category, newest first (ADR 0092): the same, brand leading.
    index('products_brand_flagged_idx').on(
      t.brandId, t.createdAt.desc(), t.id.desc(), t.isHot, t.isNew, t.isSpecial, t.inStock, t.promoStartsAt, t.promoEndsAt,
    ).where(sql`${t.active} and (${t.isHot} or ${t.isNew} or ${t.isSpecial})`),
    // Flagged products with a promotion window (ADR 0030): few, counted live beside the kept counts (ADR 0078).
    index('products_promo_window_idx').on(t.brandId, t.categoryId).where(
      sql`${t.active} and (${t.isHot} or ${t.isNew} or ${t.isSpecial}) and (${t.promoStartsAt} is not null or ${t.promoEndsAt} is not null)`,
    ),
    // Price sorts (search/products.ts sortSpec): no price sorts last both ways.
    index('products_price_asc_idx').using('btree', sql.raw(priceAscSql()), t.id).where(sql`${t.active}`),
    index('products_price_desc_idx').using('btree', sql.raw(priceDescSql()), t.id).where(sql`${t.active}`),
  ],
);

/**
 * How many active products each category and brand holds (ADR 0078), kept by statement triggers on `products`
 * (hand-written SQL) as the order figures are: the lists without a search key read their totals and brand
 * facets here instead of counting up to 10,001 products. `products` and `in_stock` count every active
 * product; the flag columns only those flagged without a promotion window (the flagged products with a
 * window are few and counted live, since whether a window holds changes with the clock).
 */
const countColumns = () => ({
  categoryId: integer('category_id').notNull(),
  brandId: integer('brand_id').notNull(),
  products: integer('products').notNull().default(0),
  inStock: integer('in_stock').notNull().default(0),
  hot: integer('hot').notNull().default(0),
  hotInStock: integer('hot_in_stock').notNull().default(0),
  new: integer('new').notNull().default(0),
  newInStock: integer('new_in_stock').notNull().default(0),
  special: integer('special').notNull().default(0),
  specialInStock: integer('special_in_stock').notNull().default(0),
});

export const catalogueCounts = pgTable(
  'catalogue_counts',
  countColumns(),
  (t) => [primaryKey({ columns: [t.categoryId, t.brandId] }), index('catalogue_counts_brand_idx').on(t.brandId, t.categoryId)],
);

/**
 * What the statements on `products` changed in the kept counts and no fold has added to `catalogue_counts`
 * yet (ADR 0079): rows are only ever inserted by the triggers, so concurrent writers of products never wait
 * for each other on a count's row, and deleted by `fold_catalogue_counts()`, which adds them to the kept
 * counts in its own short transaction. Readers read `catalogue_count_rows`, the two together.
 */
export const catalogueCountChanges = pgTable('catalogue_count_changes', countColumns());

/** The kept counts as of the reader's snapshot: `catalogue_counts` and the changes not folded yet (hand-written view). */
export const catalogueCountRows = pgView('catalogue_count_rows', countColumns()).existing();

/**
 * Pack sizes of a product (规格) with price, stock and lead time, and optionally the regular price before an
 * offer (`list_price`, above the price; shown struck through beside it). A pack with lots
 * (`product_lots`) has its stock derived: the sum of its lots' quantities, kept by the lots'
 * statement trigger (migration 0015, ADR 0032); a pack without lots keeps the stock written to it.
 */
export const productPacks = pgTable(
  'product_packs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    listPrice: numeric('list_price', { precision: 12, scale: 2 }),
    stock: integer('stock').notNull().default(0),
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('product_packs_product_idx').on(t.productId, t.sort),
    check('product_packs_list_price_above', sql`${t.listPrice} is null or ${t.listPrice} > ${t.price}`),
  ],
);

/**
 * A product's documents (ADR 0063): COAs (one per lot), safety data sheets, technical data or specification
 * sheets, protocols and handbooks, per language. Staff upload a new version of a sheet as a new row of its
 * series (product, kind, language; a COA's series is its lot): the newest one not withdrawn is `current`,
 * the older ones `superseded` and kept. `generated` rows are the demo's PDFs, which the start-up check may
 * write again; an uploaded file is never written by the product, and one that is gone from the store gets
 * `missing_since`.
 */
export const productDocuments = pgTable(
  'product_documents',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** A kind of contracts/documents.ts PRODUCT_DOCUMENT_KINDS. */
    kind: text('kind').notNull(),
    lotNo: text('lot_no'),
    lang: text('lang').notNull().default('zh'),
    title: text('title').notNull(),
    filePath: text('file_path').notNull(),
    /** The date of the document's issue or revision (as printed on it). */
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version as printed on the document (`1.0`, `Rev. 6`). */
    version: text('version').notNull().default('1'),
    /** 'current' (shown), 'superseded' (an older version, kept) or 'withdrawn' (taken off the site). */
    state: text('state').notNull().default('current'),
    /** A demo PDF written by the seed, which the start-up check writes again when it is missing. */
    generated: boolean('generated').notNull().default(false),
    /** The name the file was uploaded under; null for the demo's. */
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    /** Since when the uploaded file has been missing from the store; null while it is there. */
    missingSince: timestamp('missing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_documents_product_idx').on(t.productId, t.kind), index('product_documents_lot_idx').on(t.lotNo), index('product_documents_kind_issued_idx').on(t.kind, t.issuedAt),
    index('product_documents_missing_idx').on(t.missingSince).where(sql`${t.missingSince} is not null`),
    // The start-up check's walk of the uploaded documents (the demo's generated ones may be millions).
    index('product_documents_uploaded_idx').on(t.id).where(sql`not ${t.generated}`),
    check('product_documents_state_check', sql`${t.state} in ('current', 'superseded', 'withdrawn')`),
  ],
);

/**
 * The lots (批次) of a pack (ADR 0032): lot number, quantity on hand, expiry and/or retest date,
 * warehouse, and the COA (a `product_documents` row of kind 'coa' with the same lot number). The
 * pack's stock is the sum of its lots' quantities (trigger of migration 0015).
 */
export const productLots = pgTable(
  'product_lots',
  {
    id: serial('id').primaryKey(),
    packId: integer('pack_id').notNull().references(() => productPacks.id, { onDelete: 'cascade' }),
    lotNo: text('lot_no').notNull(),
    quantity: integer('quantity').notNull().default(0),
    /** Day of manufacture; null: not recorded. */
    manufacturedOn: date('manufactured_on', { mode: 'string' }),
    /** Use by this day (inclusive); null: the lot has a retest date instead, or neither. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Retest by this day (reagents that do not expire but are re-analysed); null: none. */
    retestOn: date('retest_on', { mode: 'string' }),
    /** A warehouse code of contracts/lots.ts WAREHOUSES. */
    warehouse: text('warehouse').notNull().default('sh'),
    /** The lot's COA; null: none uploaded. The document stays when the lot goes (set null). */
    coaDocumentId: integer('coa_document_id').references(() => productDocuments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_lots_pack_lot_uq').on(t.packId, t.lotNo),
    index('product_lots_coa_idx').on(t.coaDocumentId),
    check('product_lots_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

export type Brand = typeof brands.$inferSelect;
export type NewBrand = typeof brands.$inferInsert;
export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductPack = typeof productPacks.$inferSelect;
export type NewProductPack = typeof productPacks.$inferInsert;
export type ProductDocument = typeof productDocuments.$inferSelect;
export type NewProductDocument = typeof productDocuments.$inferInsert;
export type ProductLot = typeof productLots.$inferSelect;
export type NewProductLot = typeof productLots.$inferInsert;
