/**
 * Runs once when a server process starts, for the background work of the process: the import runner
 * begins looking for jobs (ADR 0034), so that a job left running by a process that died is taken up
 * again without anyone opening a page, and the hourly pass that reminds approvers of decisions waiting
 * more than a day (ADR 0037; one instance sends, behind a lease), the fold of the kept catalogue counts'
 * changes (ADR 0079), the linking of products still waiting for their substance, as after an upgrade
 * to migration 0025 (ADR 0087; one instance, behind a lease), the daily inventory alerts (ADR 0091; one pass a day,
 * behind a lease), and the structure workers start, so
 * that a worker script that cannot load is an error in the log at boot, not at the first drawing (the
 * server serves on either way). Not while the site is built (no database then).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ getDb }, { startImportRunner }, { startApprovalReminders }, { warmStructurePool }, { startCatalogueCountFolding }, { startSubstanceCatchUp }, { startInventoryAlerts }] = await Promise.all([
    import('@/server/db/client'),
    import('@/server/modules/catalog-import/runner'),
    import('@/server/modules/approvals/reminders'),
    import('@/server/modules/chemistry/structures'),
    import('@/server/modules/catalog/kept-counts'),
    import('@/server/modules/structure-search/catch-up'),
    import('@/server/modules/inventory-alerts/pass'),
  ]);
  startImportRunner(getDb);
  startApprovalReminders(getDb);
  startCatalogueCountFolding(getDb);
  startSubstanceCatchUp(getDb);
  startInventoryAlerts(getDb);
  void warmStructurePool();
}
