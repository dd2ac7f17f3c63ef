import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import drizzle from 'eslint-plugin-drizzle';

/** The app and its tests never import the command-line scripts; scripts import src (through tsx). */
const noScripts = { group: ['**/scripts/*', '**/scripts/**'], message: 'src never imports scripts/: put what both need in src (or, for tests, in test/) and import it from the script.' };

const serverFence = {
  patterns: [
    noScripts,
    { group: ['@/server/*', '@/server/**', '**/server/*', '**/server/**'], message: 'components/, contracts/ and lib/ must not import server code (src/server is fenced).' },
  ],
};

/**
 * The server files that scripts/serve.mjs loads outside Next.js, without the react-server condition, so
 * without `import 'server-only'` (ADR 0023): they import Node's modules and packages only, never another
 * file of the app (which would bring `server-only` in, and with it a failing start) but the page cache's
 * own parts, which are on this list too.
 */
const LOADED_BY_SERVE = [
  'src/server/cache/page-cache.ts', 'src/server/cache/page-cache-request.ts', 'src/server/cache/page-cache-gzip.ts',
  'src/server/cache/page-cache-refresh.ts', 'src/server/observability/observability.ts',
];
const loadedOutsideNext = {
  paths: [{ name: 'server-only', message: 'scripts/serve.mjs loads this file outside Next.js, where server-only throws (ADR 0023).' }],
  patterns: [
    noScripts,
    // The page cache's own parts (page-cache-*.ts) are files of this list themselves.
    { regex: '^(?!\\./page-cache-(?:request|gzip|refresh)$)(\\.|@/)', message: 'scripts/serve.mjs loads this file outside Next.js (ADR 0023): import Node modules and packages only, no other file of the app.' },
  ],
};

/**
 * The storefront's first-load budget (≤ 150 KB gzip, issue 17): the components of its pages take
 * types from the contracts, never values, so that no zod schema (31 KB gzip) reaches their bundle.
 */
const noSchemasInTheStorefront = {
  paths: [{ name: 'zod', message: 'Storefront components ship no zod (first-load budget): validate on the server; share limits from a zod-free module in src/lib.' }],
  patterns: [
    ...serverFence.patterns,
    { group: ['@/contracts/*'], allowTypeImports: true, message: 'Storefront components import only types from the contracts (their schemas are zod: 31 KB gzip on every page); put shared values in a zod-free module in src/lib.' },
  ],
};

/** The HTTP layer, the composition root, Next.js and the page layer: what the core must not know (ADR 0019, 0022). */
const notInTheCore = {
  patterns: [
    noScripts,
    { group: ['@/server/http/*', '@/server/http/**', '**/server/http/**', '@/server/api/*', '@/server/api/**'], message: 'Modules know no HTTP: throw AppError (@/server/errors), take plain values; only route files (routes.ts, *-routes.ts) use the HTTP layer.' },
    { group: ['hono', 'hono/*'], message: 'Modules know no HTTP framework; route files adapt requests to module calls.' },
    { group: ['next', 'next/*', 'next-intl', 'next-intl/*', '@/i18n/*', 'react'], message: 'Page loading (locale, request cache) lives beside the pages (src/app/**/_lib), not in modules.' },
  ],
};

/** What the database layer must not know: services, auth, the seed and HTTP (ADR 0020). */
const notInTheDatabase = {
  patterns: [
    noScripts,
    { group: ['@/server/modules/*', '@/server/modules/**', '**/modules/**', '@/server/auth/*', '@/server/auth/**', '**/auth/**', '@/server/seed/*', '@/server/seed/**', '**/seed/**', '@/server/http/*', '@/server/http/**', '@/server/api/*', '@/server/api/**'], message: 'db/ holds the client, the migrator and the schema: it imports no module, auth, seed or HTTP code.' },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', 'node_modules/**', '.data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
  {
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A pages-router rule: it mistakes API paths and locale roots for pages of this app router.
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    // Every file under src, tests included; the blocks below that set their own restrictions repeat it.
    files: ['src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noScripts] }] },
  },
  {
    // The server fence (ADR 0023): components and universal code never reach into src/server;
    // pages and layouts load data through modules and pass it down.
    files: ['src/contracts/**', 'src/lib/**', 'src/components/**'],
    rules: { 'no-restricted-imports': ['error', serverFence] },
  },
  {
    files: ['src/components/storefront/**', 'src/components/catalog/**', 'src/components/product-detail/**'],
    // The contact page's form takes its limits from the enquiry contract; it is not on a budgeted page.
    ignores: ['src/components/storefront/enquiry-form.tsx'],
    rules: { 'no-restricted-imports': ['error', noSchemasInTheStorefront] },
  },
  {
    files: ['src/server/**/*.ts', 'src/app/api/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // The core: domain modules, but for the route files that adapt HTTP to them.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/routes.ts', 'src/server/modules/**/*-routes.ts', 'src/server/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', notInTheCore] },
  },
  {
    // Components stay readable (ADR 0059): no function over 120 lines; split it into named parts in its folder.
    files: ['src/components/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/server/db/**/*.ts'],
    ignores: ['src/server/db/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', notInTheDatabase] },
  },
  {
    files: LOADED_BY_SERVE,
    rules: { 'no-restricted-imports': ['error', loadedOutsideNext] },
  },
];

export default config;
