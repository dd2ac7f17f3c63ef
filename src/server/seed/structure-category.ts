import 'server-only';
import type { ChemicalLine } from './lines';

interface Classification {
  category: string;
  line: ChemicalLine;
}

/** First matching rule wins, so functional groups come before the ring systems that carry them. */
const RULES: [RegExp, string, ChemicalLine?][] = [
  [/^\(2S\)-2-Amino-3-sulfanylpropanoic acid$/, 'D-Amino acids', 'biochem'],
  [/^\(2R[,)].*2-Amino.*oic acid$|^\(2R\)-Pyrrolidine-2-carboxylic acid$/, 'D-Amino acids', 'biochem'],
  [/^\((2S|S)[,)].*2-Amino.*oic acid$|^\(2S\)-Pyrrolidine-2-carboxylic acid$|^2-Aminoacetic acid$/, 'L-Amino acids', 'biochem'],
  [/Amino-4-\[\[/, 'Peptides', 'biochem'],
  [/hexol$|tetrol$/, 'Sugar alcohols', 'biochem'],
  [/Pentahydroxy|Tetrahydroxy|Trihydroxy|^\(2R\)-2,3-Dihydroxypropanal$|Dihydroxypropan-2-one/, 'Monosaccharides', 'biochem'],
  [/(Octadeca|Icosa|Docosa)-.*oic acid|^(Tetradecanoic|Hexadecanoic|Octadecanoic|Dodecanoic|Decanoic) acid$/, 'Fatty acids', 'biochem'],
  [/octadeca.*dienoyl/, 'Glycerides', 'biochem'],
  [/Trimethylpurine/, 'Alkaloids'],
  [/norborn|^Abietic acid$|cyclopenta\[a\]phenanthrene/, 'Terpenoids'],
  [/Decahydronaphthalene/, 'Alkanes'],
  [/benzofuran-7-yl\) N-methylcarbamate/, 'Organic standards'],
  [/purin|Purin|pyrimidin/, 'Pyrimidines and purines'],
  [/sulfonic acid/, 'Sulfonic acids'],
  [/fluoro|Fluoro/, 'Fluorinated building blocks'],
  [/acid/, 'Carboxylic acids'],
  [/^Tris\(|iminium|Porphyrin|imidazo\[1,2-a\]pyrazin|benzothiazol/, 'Chromogenic reagents'],
  [/[Nn]itro/, 'Nitro compounds'],
  [/benzodiazepin|phenothiazin|Acetamidophenyl|Hydroxyphenyl\)acetamide|hydroxyethyl\]benzene-1,2-diol|methylaminoethyl\]benzene/, 'API reference compounds'],
  [/phenol$|Phenol$|Benzene-1,[234]-diol$/, 'Phenols'],
  [/Hexaoxacyclooctadecane/, 'Crown ethers and phase-transfer catalysts'],
  [/Bromopyrrolidine-2,5-dione/, 'Halogenating reagents'],
  [/amide$|imide|isoindole-1,3-dione|Isoindole-1,3-dione|carbamate|^Urea$|Oxamide/, 'Amides'],
  [/nitrile$|cyanophenyl/, 'Nitriles'],
  [/[Pp]yridin/, 'Pyridines'],
  [/Indol|Carbazol/, 'Indoles'],
  [/Quinolin|quinolin|Acridine|Cinnoline|Quinazoline|Naphthyridine|Phenanthroline/, 'Quinolines'],
  [/[Cc]hromen/, 'Coumarins and chromones'],
  [/[Ff]uran|[Oo]xepin|Pyran|Oxane|Dioxane|Oxacyclopentane|[Tt]hiophen|Thiepin/, 'Furans and thiophenes'],
  [/[Aa]zol|Pyrazole|Pyrrole|[Pp]yrrol-2-one|Azepine/, 'Azoles'],
  [/Piperazine|Morpholine|Azepane|Piperidine|Pyrrolidine/, 'Piperazines and morpholines'],
  [/Diazabicyclo|Tetramethylethane-1,2-diamine|Diethylethanamine|Ethylethanamine|Dimethylaniline/, 'Organic bases'],
  [/thiol$|sulfanyl|Methylsulfinyl/, 'Thiols and sulfides'],
  [/amine$|[Aa]niline|diamine|[Dd]iamino/, 'Amines'],
  [/al$|aldehyde$/, 'Aldehydes'],
  [/one$|dione$|Propanone|Butanone/, 'Ketones'],
  [/oate$|formate$|acetate$|benzoate$/, 'Esters'],
  [/ol$|Ethanol|Methanol/, 'Alcohols'],
  [/[Cc]hloro|[Bb]romo|Iodo|Chloroform|Bromoform|Dichloromethane|Tetrachloromethane|Bromobenzene|Chlorobenzene/, 'Halogenated hydrocarbons'],
  [/oxy|[Ee]ther|[Oo]xirane|Anisole|Ethoxybenzene/, 'Ethers'],
  [/benzene$|Benzene|Toluene|Xylene|naphthalene|Naphthalene|Anthracene|Phenanthrene|Acenaphth|Fluorene|Tetralin|Indene|Triphenylmethane/, 'Aromatic hydrocarbons'],
  [/ene$|yne$|Cyclooctene|Cycloheptene/, 'Alkenes and alkynes'],
  [/ane$|Bicyclo/, 'Alkanes'],
];

export function classifyStructure(nameEn: string): Classification {
  for (const [pattern, category, line] of RULES) {
    if (pattern.test(nameEn)) return { category, line: line ?? 'organic' };
  }
  return { category: 'Heterocyclic building blocks', line: 'organic' };
}
