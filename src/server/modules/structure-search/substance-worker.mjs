// A substance worker (engine.ts): RDKit.js reads a structure (SMILES or MOL block) into everything a
// substance keeps — canonical SMILES, InChIKey, formula, weight, RDKit's binary molecule, the Morgan
// and pattern fingerprints — and screens stored substances against a query, off the server's event
// loop. Plain JavaScript, loaded by its path as a worker thread (like chemistry/structure-worker.mjs).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { Molecule } from 'openchemlib';

const require = createRequire(import.meta.url);
const rdkitMain = require.resolve('@rdkit/rdkit');
const rdkitDir = path.dirname(rdkitMain);
const initRDKitModule = require(rdkitMain);
const RDKit = await initRDKitModule({ locateFile: (file) => path.join(rdkitDir, file) });
RDKit.disable_logging?.();
const errors = RDKit.set_log_capture('rdApp.error');

const MORGAN = JSON.stringify({ radius: 2, nBits: 2048 });
const PATTERN = JSON.stringify({ nBits: 2048 });
const ENGINE = `rdkit-js ${RDKit.version()}`;

/** Why RDKit refused a structure, from its error log: a reason and, for a SMILES syntax error, the position. */
function whyInvalid(text, isMolBlock) {
  const log = errors.get_buffer();
  if (isMolBlock) return { reason: 'molBlock', detail: null };
  if (/unclosed ring/i.test(log)) return { reason: 'ring', detail: null };
  if (/Explicit valence for atom # (\d+)/.test(log)) return { reason: 'valence', detail: String(Number(/Explicit valence for atom # (\d+)/.exec(log)[1]) + 1) };
  if (/kekulize/i.test(log)) return { reason: 'aromatic', detail: null };
  const at = /around position (\d+)/.exec(log);
  if (at) return { reason: 'syntax', detail: at[1] };
  if (text.trim() === '') return { reason: 'empty', detail: null };
  return { reason: 'syntax', detail: '1' };
}

function parse(text) {
  errors.clear_buffer();
  const isMolBlock = text.includes('\n');
  let mol = null;
  try {
    mol = RDKit.get_mol(text);
  } catch {
    mol = null;
  }
  if (!mol || !mol.is_valid()) {
    mol?.delete();
    return { mol: null, why: whyInvalid(text, isMolBlock) };
  }
  return { mol, why: null };
}

function bytesOf(u8) {
  return new Uint8Array(u8);
}

/** Formula (Hill order) and weight by openchemlib, as the catalogue writes them; RDKit's average weight if it cannot. */
function formulaOf(smiles, mol) {
  try {
    const mf = Molecule.fromSmiles(smiles).getMolecularFormula();
    return { formula: mf.formula, weight: mf.relativeWeight };
  } catch {
    const d = JSON.parse(mol.get_descriptors());
    return { formula: '', weight: Number(d.amw) || 0 };
  }
}

/**
 * The canonical SMILES alone (an exact search's first look-up): no InChI, no formula.
 * @param {{ text: string, maxAtoms: number }} task
 */
function canon(task) {
  return withMolecule(task, (mol, atoms) => ({ kind: 'ok', smiles: mol.get_smiles(), heavyAtoms: atoms }));
}

/**
 * The task's structure read, refused when it does not parse, is empty or has more than `maxAtoms` atoms; else what
 * `make` makes of the molecule and its atom count. The molecule is freed after.
 */
function withMolecule(task, make) {
  const { mol, why } = parse(task.text);
  if (!mol) return { kind: 'invalid', ...why };
  try {
    const atoms = mol.get_num_atoms();
    if (atoms === 0) return { kind: 'invalid', reason: 'empty', detail: null };
    if (atoms > task.maxAtoms) return { kind: 'tooManyAtoms', atoms };
    return make(mol, atoms);
  } finally {
    mol.delete();
  }
}

/** @param {{ text: string, maxAtoms: number, keep: boolean }} task */
function read(task) {
  return withMolecule(task, (mol, atoms) => {
    const smiles = mol.get_smiles();
    const inchi = mol.get_inchi();
    const inchikey = inchi ? RDKit.get_inchikey_for_inchi(inchi) : '';
    const { formula, weight } = formulaOf(smiles, mol);
    const facts = { kind: 'ok', smiles, inchikey: inchikey || null, formula, weight, heavyAtoms: atoms, engine: ENGINE };
    if (!task.keep) return facts;
    return {
      ...facts,
      mol: bytesOf(mol.get_as_uint8array()),
      morgan: bytesOf(mol.get_morgan_fp_as_uint8array(MORGAN)),
      pattern: bytesOf(mol.get_pattern_fp_as_uint8array(PATTERN)),
    };
  });
}

// Bits set in each byte value, for Tanimoto on fingerprint bytes.
const BITS = new Uint8Array(256);
for (let i = 1; i < 256; i += 1) BITS[i] = BITS[i >> 1] + (i & 1);

/** Tanimoto of the query's fingerprint and the row's, `fp.length` bytes at `at` in `rows`. */
function tanimoto(rows, at, fp) {
  let both = 0;
  let either = 0;
  for (let i = 0; i < fp.length; i += 1) {
    both += BITS[rows[at + i] & fp[i]];
    either += BITS[rows[at + i] | fp[i]];
  }
  return either === 0 ? 0 : both / either;
}

/** Every bit of the query's pattern fingerprint is set in the row's (at `at` in `rows`): the row may contain the query. */
function covers(rows, at, query) {
  for (let i = 0; i < query.length; i += 1) if ((rows[at + i] & query[i]) !== query[i]) return false;
  return true;
}

/** The query of the last screen, kept across a search's chunks. */
let cached = { smiles: null, qmol: null, morgan: null, pattern: null };

function queryOf(smiles) {
  if (cached.smiles === smiles) return cached;
  cached.qmol?.delete();
  const mol = RDKit.get_mol(smiles);
  if (!mol || !mol.is_valid()) throw new Error('query does not parse');
  cached = {
    smiles,
    qmol: mol,
    morgan: mol.get_morgan_fp_as_uint8array(MORGAN),
    pattern: mol.get_pattern_fp_as_uint8array(PATTERN),
  };
  return cached;
}

/**
 * Screens rows `from`–`to` of a snapshot (engine.ts: shared memory, never copied) against a query.
 * `sub`: the pattern fingerprints first, then a real substructure match on the stored molecule; `sim`:
 * Tanimoto on the Morgan fingerprints, at or above the threshold.
 * @param {{ mode: 'sub' | 'sim', smiles: string, threshold: number, from: number, to: number,
 *   snapshot: { ids: SharedArrayBuffer, pattern: SharedArrayBuffer, morgan: SharedArrayBuffer, molAt: SharedArrayBuffer, mols: SharedArrayBuffer, fpBytes: number } }} task
 */
function screen(task) {
  const query = queryOf(task.smiles);
  const snap = task.snapshot;
  const rowIds = new Int32Array(snap.ids);
  const width = snap.fpBytes;
  const ids = [];
  const scores = [];
  let screened = 0;
  if (task.mode === 'sim') {
    const fps = new Uint8Array(snap.morgan);
    for (let i = task.from; i < task.to; i += 1) {
      const score = tanimoto(fps, i * width, query.morgan);
      if (score >= task.threshold) {
        ids.push(rowIds[i]);
        scores.push(score);
      }
    }
    return { ids, scores, screened: task.to - task.from };
  }
  const fps = new Uint8Array(snap.pattern);
  const molAt = new Int32Array(snap.molAt);
  const mols = new Uint8Array(snap.mols);
  for (let i = task.from; i < task.to; i += 1) {
    if (!covers(fps, i * width, query.pattern)) continue;
    screened += 1;
    // RDKit copies the pickle into its own heap: a view on the shared bytes is enough.
    const mol = RDKit.get_mol_from_uint8array(mols.subarray(molAt[i], molAt[i + 1]));
    if (!mol) continue;
    try {
      if (mol.get_substruct_match(query.qmol) !== '{}') {
        ids.push(rowIds[i]);
        scores.push(null);
      }
    } finally {
      mol.delete();
    }
  }
  return { ids, scores, screened };
}

/** Tanimoto of two structures' Morgan fingerprints (for tests and the benchmark). */
function similarity(task) {
  const a = RDKit.get_mol(task.a);
  const b = RDKit.get_mol(task.b);
  try {
    return tanimoto(a.get_morgan_fp_as_uint8array(MORGAN), 0, b.get_morgan_fp_as_uint8array(MORGAN));
  } finally {
    a?.delete();
    b?.delete();
  }
}

/** The InChIKey of an InChI, or null. */
function inchikeyOf(inchi) {
  const key = RDKit.get_inchikey_for_inchi(inchi);
  return /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/.test(key) ? key : null;
}

// Warm up: the first parse, fingerprint and match compile RDKit's code paths (and the cached query is benzene).
try {
  read({ text: 'OC(=O)c1ccccc1OC(C)=O', maxAtoms: 250, keep: true });
  canon({ text: 'c1ccncc1', maxAtoms: 250 });
  queryOf('c1ccccc1');
} catch {
  // only speed is lost
}

const ops = { read, canon, screen, inchikey: (t) => inchikeyOf(t.inchi), similarity };

parentPort.on('message', ({ id, task }) => {
  try {
    const result = ops[task.op](task);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error instanceof Error ? error.message : error).slice(0, 200) });
  }
});
parentPort.postMessage({ ready: true });
