import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import drizzle from 'eslint-plugin-drizzle';

const serverFence = {
  patterns: [
    { group: ['@/server/*', '@/server/**', '**/server/*', '**/server/**'], message: 'components/, contracts/ and lib/ must not import server code (src/server is fenced).' },
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
    // The server fence: components and universal code never reach into src/server;
    // pages and layouts load data through modules and pass it down.
    files: ['src/contracts/**', 'src/lib/**', 'src/components/**'],
    rules: { 'no-restricted-imports': ['error', serverFence] },
  },
  {
    files: ['src/server/**/*.ts', 'src/app/api/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
];

export default config;
