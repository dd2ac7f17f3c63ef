// A structure worker (structures.ts, worker-pool.ts): parses a SMILES with openchemlib and, as
// asked, lays it out as openchemlib's SVG and works out its formula, off the server's event loop.
// Plain JavaScript on purpose: it is loaded by its path as a worker thread, in development, in the
// built server and under vitest alike. The SVG it answers is openchemlib's own; the server reads it
// into drawing primitives and writes its own SVG (structure-svg.ts) before anything is sent.
import { parentPort } from 'node:worker_threads';
import { Molecule, SSSearcher } from 'openchemlib';

const SVG_OPTIONS = { autoCrop: true, autoCropMargin: 12, suppressChiralText: true, suppressCIPParity: true, suppressESR: true, strokeWidth: 1.6 };

/**
 * Colours the bonds of `mol` that a substructure search for the fragment `query` (a SMILES) matches,
 * every match; a query that does not parse or does not match leaves the drawing as it is.
 * @param {import('openchemlib').Molecule} mol
 * @param {string} query
 * @param {number} maxAtoms
 */
function highlight(mol, query, maxAtoms) {
  let fragment;
  try {
    fragment = Molecule.fromSmiles(query);
  } catch {
    return false;
  }
  if (fragment.getAllAtoms() === 0 || fragment.getAllAtoms() > maxAtoms) return false;
  fragment.setFragment(true);
  const searcher = new SSSearcher();
  searcher.setMol(fragment, mol);
  if (searcher.findFragmentInMolecule({ countMode: 'overlapping' }) === 0) return false;
  // The bonds of each match are the fragment's bonds mapped onto the structure's atoms (a bond between
  // two matched atoms that the fragment does not have, such as biphenyl's link, stays plain).
  for (const match of searcher.getMatchList()) {
    for (let bond = 0; bond < fragment.getAllBonds(); bond += 1) {
      const a = match[fragment.getBondAtom(0, bond)] ?? -1;
      const b = match[fragment.getBondAtom(1, bond)] ?? -1;
      const target = a >= 0 && b >= 0 ? mol.getBond(a, b) : -1;
      if (target >= 0) mol.setBondForegroundHiliting(target, true);
    }
  }
  return true;
}

/**
 * @param {{ smiles: string, draw: boolean, formula: boolean, maxAtoms: number, width: number, height: number, highlight?: string | null }} task
 */
function read(task) {
  let mol;
  try {
    mol = Molecule.fromSmiles(task.smiles);
  } catch {
    return { kind: 'invalid' };
  }
  const atoms = mol.getAllAtoms();
  if (atoms === 0) return { kind: 'invalid' };
  if (atoms > task.maxAtoms) return { kind: 'tooManyAtoms', atoms };
  let svg = null;
  if (task.draw) {
    if (task.highlight) highlight(mol, task.highlight, task.maxAtoms);
    try {
      svg = mol.toSVG(task.width, task.height, 'structure', SVG_OPTIONS);
    } catch {
      svg = null;
    }
  }
  let formula = null;
  let weight = null;
  if (task.formula) {
    const mf = mol.getMolecularFormula();
    formula = mf.formula;
    weight = mf.relativeWeight;
  }
  return { kind: 'ok', atoms, svg, formula, weight };
}

// openchemlib's first parse and layout are slow (its set-up), and so is its first large structure
// (code not yet compiled): a few structures of each kind are read before the pool sends a task, so
// that a large structure soon after a worker starts is not refused as too slow (about 1 s against
// 0.3 s for a 250-atom chain on a busy machine).
// A warm-up that fails only costs speed: the worker still says it is ready.
for (const smiles of ['OC(=O)c1ccccc1OC(C)=O', 'C'.repeat(120), 'c1ccc2cc3ccccc3cc2c1'.repeat(3), `${'C1CC2CC3CC1CC(C2)C3.'.repeat(4)}C`]) {
  try {
    read({ smiles, draw: true, formula: true, maxAtoms: 250, width: 320, height: 240 });
  } catch {
    // ignored: the same structure as a task would answer its error
  }
}

parentPort.on('message', ({ id, task }) => {
  try {
    parentPort.postMessage({ id, result: read(task) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error instanceof Error ? error.message : error).slice(0, 200) });
  }
});
parentPort.postMessage({ ready: true });
