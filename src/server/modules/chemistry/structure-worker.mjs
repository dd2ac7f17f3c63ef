// A structure worker (structures.ts, worker-pool.ts): parses a SMILES with openchemlib and, as
// asked, lays it out as openchemlib's SVG and works out its formula, off the server's event loop.
// Plain JavaScript on purpose: it is loaded by its path as a worker thread, in development, in the
// built server and under vitest alike. The SVG it answers is openchemlib's own; the server reads it
// into drawing primitives and writes its own SVG (structure-svg.ts) before anything is sent.
import { parentPort } from 'node:worker_threads';
import { Molecule } from 'openchemlib';

const SVG_OPTIONS = { autoCrop: true, autoCropMargin: 12, suppressChiralText: true, suppressCIPParity: true, suppressESR: true, strokeWidth: 1.6 };

/**
 * @param {{ smiles: string, draw: boolean, formula: boolean, maxAtoms: number, width: number, height: number }} task
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

// The first parse and layout are slow (openchemlib's set-up): done before the pool sends a task.
read({ smiles: 'OC(=O)c1ccccc1OC(C)=O', draw: true, formula: true, maxAtoms: 100, width: 320, height: 240 });

parentPort.on('message', ({ id, task }) => {
  try {
    parentPort.postMessage({ id, result: read(task) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error instanceof Error ? error.message : error).slice(0, 200) });
  }
});
parentPort.postMessage({ ready: true });
