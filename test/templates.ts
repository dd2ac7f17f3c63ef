/**
 * Names of the test run's template databases (test/test-db.ts): throwaway databases start with the base
 * database's name (`i5_verify` → `i5_verify_t_…`), so that runs sharing a server stay apart, and a run's
 * templates carry the run's tag, so that its teardown drops its own and no other run's.
 */
export function databasePrefix(baseUrl: string): string {
  return new URL(baseUrl).pathname.slice(1).replace(/[^a-z0-9_]/gi, '').toLowerCase().slice(0, 30) || 't';
}

export function postgresTemplateName(baseUrl: string, runDir: string, products: number | 'migrated' | '%'): string {
  const tag = runDir.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(-10);
  return `${databasePrefix(baseUrl)}_tpl_${tag}_${products}`;
}
