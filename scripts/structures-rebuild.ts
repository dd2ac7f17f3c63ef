import { defaultDataDir } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { apiText } from '@/server/http/locale';
import { ensureCartridge } from '@/server/modules/structure-search/cartridge';
import { substancePool } from '@/server/modules/structure-search/engine';
import { rebuildSubstances } from '@/server/modules/structure-search/store';
import { acquireDataLock, exitWithError, openConfiguredDatabase } from './lib/startup';

/**
 * `npm run structures:rebuild [-- --restart] [-- --batch N]`: every product's structure read again by
 * RDKit.js (canonical SMILES, InChIKey, formula, weight, binary molecule, fingerprints) into the
 * substances table, in batches of N products (500), each committed; an interrupted run resumes after
 * the last batch done unless `--restart`. Sets up the RDKit cartridge's columns first where the server
 * has the extension. Products whose SMILES is refused are listed with the reason in both languages and
 * are left without a substance (structure search does not find them).
 */
async function main() {
  const args = process.argv.slice(2);
  const restart = args.includes('--restart');
  const batchAt = args.indexOf('--batch');
  const batch = batchAt >= 0 ? Number(args[batchAt + 1]) : 500;
  if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) throw new Error('--batch takes a whole number of products from 1 to 10000');
  const release = process.env.DATABASE_URL ? () => {} : acquireDataLock(defaultDataDir());
  const handle = await openConfiguredDatabase();
  try {
    await runMigrations(handle);
    const cartridge = await ensureCartridge(handle);
    process.stdout.write(cartridge.state === 'ready' ? `RDKit cartridge ${cartridge.version}: ready\n` : `No RDKit cartridge: ${cartridge.reason}\n`);
    const started = Date.now();
    const done = await rebuildSubstances(handle.db, {
      batch, restart,
      onBatch: (p) => process.stdout.write(`  ${p.products} products, ${p.structures} structures, ${p.refused.length} refused (up to product ${p.lastId})\n`),
    });
    for (const r of done.refused) {
      const say = (lang: 'zh' | 'en') => apiText(lang, 'errors', r.message).replace(/\{(\w+)\}/g, (whole, name: string) => String(r.details[name] ?? whole));
      process.stdout.write(`refused ${r.itemNo} (${r.smiles}): ${say('zh')} / ${say('en')}\n`);
    }
    process.stdout.write(`Structures rebuilt: ${done.products} products, ${done.structures} structures read, ${done.refused.length} refused, in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await substancePool().close();
    await handle.close();
    release();
  }
}

main().catch(exitWithError);
