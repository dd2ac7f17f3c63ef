/**
 * Checks the structures `db:generate-catalog` gives its products with the chemistry toolkit:
 *   npm run check:structures -- [--sample 100000] [--from 0]
 * Reads the SMILES of substances from..from+sample (the first `sample` are those of a catalogue of that
 * many products) with openchemlib: every one must parse, its formula and weight must be those the
 * generator computed, and no two may have the same canonical code (openchemlib's ID code). Prints the
 * figures and exits 1 on any fault.
 */
import { parseArgs } from 'node:util';
import { Molecule } from 'openchemlib';
import { hillFormulaOf, molecularWeightOf } from '../src/lib/formula';
import { parseFormulaCounts } from '../src/server/seed/molecule';
import { structureAt, structureCount, substanceStructureIndex } from '../src/server/seed/generated-structures';

function main(): void {
  const { values } = parseArgs({ options: { sample: { type: 'string', default: '100000' }, from: { type: 'string', default: '0' } }, strict: true });
  const sample = Number(values.sample);
  const from = Number(values.from);
  if (!Number.isInteger(sample) || sample < 1 || !Number.isInteger(from) || from < 0) throw new Error('Usage: check:structures -- [--sample N] [--from N]');
  const total = structureCount();
  console.log(`The enumeration holds ${total.toLocaleString('en')} structures; reading substances ${from.toLocaleString('en')}…${(from + sample - 1).toLocaleString('en')} with openchemlib.`);
  const started = performance.now();
  const seen = new Map<string, string>();
  const faults: string[] = [];
  let duplicates = 0;
  const scaffolds = new Map<string, number>();
  const groups = new Map<number, number>();
  for (let n = from; n < from + sample; n += 1) {
    const s = structureAt(substanceStructureIndex(n));
    scaffolds.set(s.scaffold.key, (scaffolds.get(s.scaffold.key) ?? 0) + 1);
    groups.set(s.picks.length, (groups.get(s.picks.length) ?? 0) + 1);
    let mol: Molecule;
    try {
      mol = Molecule.fromSmiles(s.smiles);
    } catch (error) {
      faults.push(`does not parse: ${s.smiles} (${(error as Error).message})`);
      continue;
    }
    const mf = mol.getMolecularFormula();
    const formula = hillFormulaOf(parseFormulaCounts(mf.formula));
    if (formula !== s.formula || molecularWeightOf(formula) !== s.molecularWeight) {
      faults.push(`formula: ${s.smiles} reads ${formula} (${molecularWeightOf(formula)}), generated ${s.formula} (${s.molecularWeight})`);
    }
    const id = mol.getIDCode();
    const before = seen.get(id);
    if (before !== undefined) {
      duplicates += 1;
      faults.push(`same molecule: ${s.smiles} and ${before}`);
    } else seen.set(id, s.smiles);
    if ((n - from) % 10_000 === 9_999) process.stdout.write(`\r  ${(n - from + 1).toLocaleString('en')} read`);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write('\n');
  console.log(`Read ${sample.toLocaleString('en')} structures in ${seconds.toFixed(0)} s: ${seen.size.toLocaleString('en')} distinct molecules, ` +
    `${duplicates} repeated, ${faults.length - duplicates} other faults.`);
  console.log(`By scaffold: ${[...scaffolds].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(`By number of groups: ${[...groups].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  for (const fault of faults.slice(0, 20)) console.log(`  ${fault}`);
  if (faults.length > 0) process.exitCode = 1;
}

main();
