import 'server-only';

/** The product search engine (issue 3 §5; ADR 0014 search in PostgreSQL, ADR 0015 keyset pages). */
export type { ProductSort } from './cursor';
export { InvalidCursorError } from './cursor';
export type { ProductPage, ProductQuery } from './products';
export { listProducts } from './products';
export { brandFacets } from './facets';
export { suggestProducts } from './suggest';
export { searchBrands } from './brands';
