/**
 * Runs once when a server process starts: the import runner begins looking for jobs (ADR 0034), so
 * that a job left running by a process that died is taken up again without anyone opening a page.
 * Not while the site is built (no database then).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ getDb }, { startImportRunner }] = await Promise.all([
    import('@/server/db/client'),
    import('@/server/modules/catalog-import/runner'),
  ]);
  startImportRunner(getDb);
}
