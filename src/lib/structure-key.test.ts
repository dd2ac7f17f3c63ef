import { describe, expect, it } from 'vitest';
import { recogniseStructureKey } from './structure-key';

describe('recogniseStructureKey', () => {
  it('recognises InChIKeys, InChIs and MDL numbers', () => {
    expect(recogniseStructureKey(' LFQSCWFLJHTTHZ-UHFFFAOYSA-N ')).toEqual({ kind: 'inchikey', key: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N' });
    expect(recogniseStructureKey('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3')).toEqual({ kind: 'inchi', key: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3' });
    expect(recogniseStructureKey('mfcd00003568')).toEqual({ kind: 'mdl', key: 'MFCD00003568' });
  });

  it('recognises SMILES, bracket atoms, charges, rings and stereo included', () => {
    for (const smiles of ['CCO', 'c1ccccc1', 'CC(=O)O', 'C1CCCCC1', '[Na+].[Cl-]', 'N[C@@H](C)C(=O)O', 'ClCCl', 'OC(=O)c1ccccc1OC(C)=O', 'C/C=C/C', 'O=[N+]([O-])c1ccccc1']) {
      expect(recogniseStructureKey(smiles), smiles).toEqual({ kind: 'smiles', key: smiles });
    }
  });

  it('leaves formulas, item numbers, CAS numbers, words and near-misses alone', () => {
    for (const key of ['C7H8', 'C2H6O', 'A297691', '64-17-5', '67641', 'acetone', 'Ethanol', 'NaCl', 'CuSO4', 'SDS', 'ON', 'CO', 'CN', 'NNN', 'C', 'MFCD123', 'LFQSCWFLJHTTHZ-UHFFFAOYSA', 'InChI=1S/ C2H6O', 'CC O', '']) {
      expect(recogniseStructureKey(key), key).toBeNull();
    }
  });
});
