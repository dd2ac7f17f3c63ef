import 'server-only';

/**
 * Real CAS numbers and Chinese names of structures in chemical-structures-568.tsv, entered as facts
 * (TSV name | CAS | Chinese name | extra synonyms). Structures not listed here stay out of the demo
 * catalogue: a product carries its real CAS number or none, never an invented one, and always a
 * Chinese name. `assertStructureFactsValid` checks every check digit at seed time.
 */
const TABLE = `
Propan-1-ol|71-23-8|正丙醇|n-Propanol
Pentan-1-ol|71-41-0|正戊醇|n-Amyl alcohol
Hexan-1-ol|111-27-3|正己醇|n-Hexanol
Heptan-1-ol|111-70-6|正庚醇|n-Heptanol
Octan-1-ol|111-87-5|正辛醇|n-Octanol
Nonan-1-ol|143-08-8|正壬醇|n-Nonanol
Decan-1-ol|112-30-1|正癸醇|n-Decanol
2-Methylpropan-1-ol|78-83-1|异丁醇|Isobutanol
2-Methylpropan-2-ol|75-65-0|叔丁醇|tert-Butanol
2-Methylbutan-2-ol|75-85-4|叔戊醇|tert-Amyl alcohol
Cyclopentanol|96-41-3|环戊醇|
Pentan-3-ol|584-02-1|3-戊醇|
Heptan-4-ol|589-55-9|4-庚醇|
2-Aminoethanol|141-43-5|乙醇胺|Ethanolamine; 单乙醇胺
(Z)-Hex-3-en-1-ol|928-96-1|顺-3-己烯-1-醇|叶醇; Leaf alcohol
(2R)-Butan-2-ol|14898-79-4|(R)-(−)-2-丁醇|(R)-sec-Butanol
(2S)-Butan-2-ol|4221-99-2|(S)-(+)-2-丁醇|(S)-sec-Butanol
But-2-yne-1,4-diol|110-65-6|2-丁炔-1,4-二醇|
Furan-2,5-dione|108-31-6|马来酸酐|顺丁烯二酸酐; Maleic anhydride
3-Methylfuran-2,5-dione|616-02-4|柠康酸酐|Citraconic anhydride
Benzenesulfonic acid|98-11-3|苯磺酸|
Bicyclo[2.2.1]heptane|279-23-2|降冰片烷|Norbornane
Abietic acid|514-10-3|松香酸|枞酸
trans-Decahydronaphthalene|493-02-7|反式十氢萘|trans-Decalin
cis-Decahydronaphthalene|493-01-6|顺式十氢萘|cis-Decalin
1,3-Thiazole|288-47-1|噻唑|Thiazole
Pyridine-2-carboxamide|1452-77-3|吡啶-2-甲酰胺|Picolinamide
1H-Pyrazole|288-13-1|吡唑|Pyrazole
Pyridine-2-carboxylic acid|98-98-6|2-吡啶甲酸|Picolinic acid
Pyridine-4-carboxylic acid|55-22-1|异烟酸|Isonicotinic acid
1H-Pyrrole|109-97-7|吡咯|Pyrrole
Pyridine-4-carboxamide|1453-82-3|异烟酰胺|Isonicotinamide
1,2-Oxazole|288-14-2|异噁唑|Isoxazole
1,3-Oxazole|288-42-6|噁唑|Oxazole
Pyridine-2-thiol|2637-34-5|2-巯基吡啶|2-Mercaptopyridine
Pentanoic acid|109-52-4|正戊酸|Valeric acid
Hexanoic acid|142-62-1|正己酸|Caproic acid
Heptanoic acid|111-14-8|正庚酸|Enanthic acid
Cyclopentanamine|1003-03-8|环戊胺|Cyclopentylamine
Piperazine|110-85-0|哌嗪|无水哌嗪
Propan-2-amine|75-31-0|异丙胺|Isopropylamine
Propan-1-amine|107-10-8|正丙胺|n-Propylamine
Pyrrolidine|123-75-1|吡咯烷|四氢吡咯
Pentan-1-amine|110-58-7|正戊胺|n-Amylamine
Hexan-1-amine|111-26-2|正己胺|n-Hexylamine
Heptan-1-amine|111-68-2|正庚胺|n-Heptylamine
Octan-1-amine|111-86-4|正辛胺|n-Octylamine
Nonan-1-amine|112-20-9|正壬胺|n-Nonylamine
Decan-1-amine|2016-57-1|正癸胺|n-Decylamine
Butan-1-amine|109-73-9|正丁胺|n-Butylamine
2-Methylpropan-2-amine|75-64-9|叔丁胺|tert-Butylamine
Cyclohexanamine|108-91-8|环己胺|Cyclohexylamine
Pentane-1,5-diamine|462-94-2|1,5-戊二胺|尸胺; Cadaverine
N-Ethylethanamine|109-89-7|二乙胺|Diethylamine
Azepane|111-49-9|六亚甲基亚胺|Hexamethyleneimine
(1R,2S)-Cyclohexane-1,2-diamine|1436-59-5|顺-1,2-环己二胺|cis-1,2-Diaminocyclohexane
(1S,2S)-Cyclohexane-1,2-diamine|21436-03-3|(1S,2S)-(+)-1,2-环己二胺|(S,S)-1,2-Diaminocyclohexane
Propane-1-thiol|107-03-9|1-丙硫醇|Propyl mercaptan
Ethanethiol|75-08-1|乙硫醇|Ethyl mercaptan
Pentane-1-thiol|110-66-7|1-戊硫醇|Amyl mercaptan
Hexane-1-thiol|111-31-9|1-己硫醇|Hexyl mercaptan
Heptane-1-thiol|1639-09-4|1-庚硫醇|Heptyl mercaptan
Octane-1-thiol|111-88-6|1-辛硫醇|Octyl mercaptan
Butane-1-thiol|109-79-5|1-丁硫醇|Butyl mercaptan
Propane-2-thiol|75-33-2|2-丙硫醇|Isopropyl mercaptan
2-Methylpropane-2-thiol|75-66-1|叔丁硫醇|tert-Butyl mercaptan
Ethane-1,2-dithiol|540-63-6|1,2-乙二硫醇|
Nitroethane|79-24-3|硝基乙烷|
Acenaphthene|83-32-9|苊|
Acenaphthene-1,2-dione|82-86-0|苊醌|Acenaphthenequinone
1-(1-Benzofuran-2-yl)ethanone|1646-26-0|2-乙酰基苯并呋喃|2-Acetylbenzofuran
Isoquinoline|119-65-3|异喹啉|
Acridine|260-94-6|吖啶|
9H-Carbazole|86-74-8|咔唑|Carbazole
Tetralin|119-64-2|1,2,3,4-四氢化萘|四氢萘
1H-Indene|95-13-6|茚|Indene
Isoindole-1,3-dione|85-41-6|邻苯二甲酰亚胺|Phthalimide
Chromen-4-one|491-38-3|色酮|Chromone
Acenaphthylene|208-96-8|苊烯|
Benzothiophene|95-15-8|苯并噻吩|
Phenanthrene|85-01-8|菲|
9H-Fluorene|86-73-7|芴|Fluorene
7H-Purine|120-73-0|嘌呤|Purine
9H-Xanthene|92-83-1|呫吨|氧杂蒽; Xanthene
Benzofuran|271-89-6|苯并呋喃|
Quinazoline|253-82-7|喹唑啉|
7,9-Dihydro-3H-purine-2,6,8-trione|69-93-2|尿酸|Uric acid
Methyl acetate|79-20-9|乙酸甲酯|醋酸甲酯
Ethyl formate|109-94-4|甲酸乙酯|
Methyl formate|107-31-3|甲酸甲酯|
Propyl formate|110-74-7|甲酸丙酯|
Butyl formate|592-84-7|甲酸丁酯|
Methyl propanoate|554-12-1|丙酸甲酯|Methyl propionate
Ethyl propanoate|105-37-3|丙酸乙酯|Ethyl propionate
Propyl propanoate|106-36-5|丙酸丙酯|Propyl propionate
Butyl propanoate|590-01-2|丙酸丁酯|Butyl propionate
Methyl butanoate|623-42-7|丁酸甲酯|Methyl butyrate
Ethyl butanoate|105-54-4|丁酸乙酯|Ethyl butyrate
Butyl butanoate|109-21-7|丁酸丁酯|Butyl butyrate
Pentyl butanoate|540-18-1|丁酸戊酯|Amyl butyrate
Methyl pentanoate|624-24-8|戊酸甲酯|Methyl valerate
Ethyl pentanoate|539-82-2|戊酸乙酯|Ethyl valerate
Propyl acetate|109-60-4|乙酸正丙酯|
Butyl acetate|123-86-4|乙酸正丁酯|醋酸丁酯
Pentyl acetate|628-63-7|乙酸正戊酯|Amyl acetate
Acetamide|60-35-5|乙酰胺|
Oxamide|471-46-5|草酰胺|乙二酰胺
Ethyl carbamate|51-79-6|氨基甲酸乙酯|Urethane
4-[(1R)-1-Hydroxy-2-methylaminoethyl]benzene-1,2-diol|51-43-4|肾上腺素|L-Epinephrine; Adrenaline
4-[(1R)-2-Amino-1-hydroxyethyl]benzene-1,2-diol|51-41-2|去甲肾上腺素|L-Norepinephrine; Noradrenaline
(4S)-2-(6-Hydroxy-1,3-benzothiazol-2-yl)-4,5-dihydrothiazole-4-carboxylic acid|2591-17-5|D-荧光素|D-Luciferin
8-Benzyl-6-(4-hydroxyphenyl)-2-[(4-hydroxyphenyl)methyl]-7H-imidazo[1,2-a]pyrazin-3-one|55779-48-1|腔肠素|Coelenterazine
(3S)-3-Amino-4-[[(1S)-1-benzyl-2-methoxy-2-oxoethyl]amino]-4-oxobutanoic acid|22839-47-0|阿斯巴甜|Aspartame
Acetaldehyde|75-07-0|乙醛|
Propanal|123-38-6|丙醛|Propionaldehyde
Butanal|123-72-8|正丁醛|Butyraldehyde
2-Methylpropanal|78-84-2|异丁醛|Isobutyraldehyde
Pentanal|110-62-3|正戊醛|Valeraldehyde
3-Methylbutanal|590-86-3|异戊醛|Isovaleraldehyde
Hexanal|66-25-1|正己醛|Caproaldehyde
Heptanal|111-71-7|正庚醛|Heptaldehyde
Octanal|124-13-0|正辛醛|Caprylaldehyde
Prop-2-enal|107-02-8|丙烯醛|Acrolein
Pent-1-ene|109-67-1|1-戊烯|
Hex-1-ene|592-41-6|1-己烯|
Hept-1-ene|592-76-7|1-庚烯|
Oct-1-ene|111-66-0|1-辛烯|
2-Methylbut-2-ene|513-35-9|2-甲基-2-丁烯|
2-Methylbuta-1,3-diene|78-79-5|异戊二烯|Isoprene
Cyclopentene|142-29-0|环戊烯|
Cyclopenta-1,3-diene|542-92-7|环戊二烯|
Cyclohexene|110-83-8|环己烯|
Cyclohexa-1,3-diene|592-57-4|1,3-环己二烯|
Cyclohexa-1,4-diene|628-41-1|1,4-环己二烯|
(Z)-Cyclooctene|931-87-3|顺式环辛烯|cis-Cyclooctene
Cycloocta-1,3,5,7-tetraene|629-20-9|环辛四烯|
Cyclohepta-1,3,5-triene|544-25-2|环庚三烯|Tropilidene
Propanoic acid|79-09-4|丙酸|Propionic acid
Butanoic acid|107-92-6|正丁酸|Butyric acid
Isobutyric acid|79-31-2|异丁酸|
2,2-Dichloroacetic acid|79-43-6|二氯乙酸|
(S)-2-Hydroxypropanoic acid|79-33-4|L-乳酸|L-Lactic acid
(R)-2-Hydroxypropanoic acid|10326-41-7|D-乳酸|D-Lactic acid
(S)-2-Hydroxybutanedioic acid|97-67-6|L-苹果酸|L-Malic acid
(R)-2-Hydroxybutanedioic acid|636-61-3|D-苹果酸|D-Malic acid
(2S,3S)-2,3-Dihydroxybutanedioic acid|147-71-7|D-(−)-酒石酸|D-Tartaric acid
Pentane|109-66-0|正戊烷|n-Pentane
Octane|111-65-9|正辛烷|n-Octane
Nonane|111-84-2|正壬烷|n-Nonane
Decane|124-18-5|正癸烷|n-Decane
Undecane|1120-21-4|正十一烷|n-Undecane
Dodecane|112-40-3|正十二烷|n-Dodecane
Tridecane|629-50-5|正十三烷|n-Tridecane
Tetradecane|629-59-4|正十四烷|n-Tetradecane
Pentadecane|629-62-9|正十五烷|n-Pentadecane
Hexadecane|544-76-3|正十六烷|n-Hexadecane; Cetane
Eicosane|112-95-8|正二十烷|n-Eicosane
Tetracosane|646-31-1|正二十四烷|n-Tetracosane
2-Methylbutane|78-78-4|异戊烷|Isopentane
2-Methylpentane|107-83-5|2-甲基戊烷|Isohexane
3-Methylpentane|96-14-0|3-甲基戊烷|
2,3-Dimethylbutane|79-29-8|2,3-二甲基丁烷|
2-Methylhexane|591-76-4|2-甲基己烷|
3-Ethylpentane|617-78-7|3-乙基戊烷|
2-Methylheptane|592-27-8|2-甲基庚烷|
2,3,4-Trimethylpentane|565-75-3|2,3,4-三甲基戊烷|
Cyclopentane|287-92-3|环戊烷|
Methylcyclopentane|96-37-7|甲基环戊烷|
Methylcyclohexane|108-87-2|甲基环己烷|
Cycloheptane|291-64-5|环庚烷|
Cyclooctane|292-64-8|环辛烷|
Propanenitrile|107-12-0|丙腈|Propionitrile
Butanenitrile|109-74-0|丁腈|Butyronitrile
2-Methylpropanenitrile|78-82-0|异丁腈|Isobutyronitrile
1,1,1-Trichloroacetonitrile|545-06-2|三氯乙腈|Trichloroacetonitrile
Benzonitrile|100-47-0|苯甲腈|苯腈
Benzene-1,2-diamine|95-54-5|邻苯二胺|o-Phenylenediamine
Benzene-1,3-diamine|108-45-2|间苯二胺|m-Phenylenediamine
Benzene-1,4-diamine|106-50-3|对苯二胺|p-Phenylenediamine
2,4-Diaminotoluene|95-80-7|2,4-二氨基甲苯|
2,6-Diaminotoluene|823-40-5|2,6-二氨基甲苯|
4-Chloroaniline|106-47-8|对氯苯胺|
2-Chloro-4-nitroaniline|121-87-9|2-氯-4-硝基苯胺|
2,4,6-Trimethylaniline|88-05-1|2,4,6-三甲基苯胺|Mesidine
N,N-Dimethylaniline|121-69-7|N,N-二甲基苯胺|
5-Chloro-2-(2,4-dichlorophenoxy)phenol|3380-34-5|三氯生|Triclosan
2,3-Dimethylphenol|526-75-0|2,3-二甲基苯酚|
2,4-Dimethylphenol|105-67-9|2,4-二甲基苯酚|
2,5-Dimethylphenol|95-87-4|2,5-二甲基苯酚|
2,6-Dimethylphenol|576-26-1|2,6-二甲基苯酚|
3,4-Dimethylphenol|95-65-8|3,4-二甲基苯酚|
3,5-Dimethylphenol|108-68-9|3,5-二甲基苯酚|
2-Chlorophenol|95-57-8|邻氯苯酚|
3-Chlorophenol|108-43-0|间氯苯酚|
4-Chlorophenol|106-48-9|对氯苯酚|
2-Bromophenol|95-56-7|邻溴苯酚|
4-Bromophenol|106-41-2|对溴苯酚|
4-Chloro-3-methylphenol|59-50-7|4-氯-3-甲基苯酚|对氯间甲酚
2,4,6-Trichlorophenol|88-06-2|2,4,6-三氯苯酚|
2,3,4,5,6-Pentachlorophenol|87-86-5|五氯苯酚|Pentachlorophenol
4-Octylphenol|1806-26-4|4-正辛基苯酚|
1-Chloro-2-methoxybenzene|766-51-8|邻氯苯甲醚|2-Chloroanisole
1-Chloro-3-methoxybenzene|2845-89-8|间氯苯甲醚|3-Chloroanisole
1-Chloro-4-methoxybenzene|623-12-1|对氯苯甲醚|4-Chloroanisole
Anisole|100-66-3|苯甲醚|茴香醚; Methoxybenzene
Ethoxybenzene|103-73-1|苯乙醚|Phenetole
1-Phenylbutan-1-one|495-40-9|苯丁酮|Butyrophenone
4-Methylbenzoic acid|99-94-5|对甲基苯甲酸|p-Toluic acid
Benzamide|55-21-0|苯甲酰胺|
2-Hydroxybenzaldehyde|90-02-8|水杨醛|Salicylaldehyde
4-Methoxybenzaldehyde|123-11-5|对甲氧基苯甲醛|茴香醛; p-Anisaldehyde
4-Dimethylaminobenzaldehyde|100-10-7|对二甲氨基苯甲醛|
2-Phenylethanol|60-12-8|苯乙醇|Phenethyl alcohol
2-Phenylacetic acid|103-82-2|苯乙酸|Phenylacetic acid
Benzoyl chloride|98-88-4|苯甲酰氯|
Bromobenzene|108-86-1|溴苯|
1,3,5-Trimethylbenzene|108-67-8|均三甲苯|Mesitylene
[(E)-2-Phenylethenyl]benzene|103-30-0|反式二苯乙烯|trans-Stilbene
Triphenylmethane|519-73-3|三苯甲烷|
Triphenylmethanol|76-84-6|三苯甲醇|
2-Pyridin-2-ylpyridine|366-18-7|2,2′-联吡啶|2,2′-Bipyridine
4-Pyridin-4-ylpyridine|553-26-4|4,4′-联吡啶|4,4′-Bipyridine
2-Bromo-2-methylpropane|507-19-7|2-溴-2-甲基丙烷|叔丁基溴
2-Chloro-2-methylpropane|507-20-0|2-氯-2-甲基丙烷|叔丁基氯
2-Bromopropane|75-26-3|2-溴丙烷|异丙基溴
1-Bromopropane|106-94-5|1-溴丙烷|正丙基溴
Bromoethane|74-96-4|溴乙烷|Ethyl bromide
Bromoform|75-25-2|三溴甲烷|溴仿
Bromocyclohexane|108-85-0|溴代环己烷|Cyclohexyl bromide
Chlorocyclohexane|542-18-7|氯代环己烷|Cyclohexyl chloride
1-Chloropropane|540-54-5|1-氯丙烷|
2-Chloropropane|75-29-6|2-氯丙烷|
1-Chlorobutane|109-69-3|1-氯丁烷|
1-Chloropentane|543-59-9|1-氯戊烷|
1-Chlorohexane|544-10-5|1-氯己烷|
1-Chlorooctane|111-85-3|1-氯辛烷|
1-Chlorodecane|1002-69-3|1-氯癸烷|
1,3-Dichloropropane|142-28-9|1,3-二氯丙烷|
1,1,1-Trichloroethane|71-55-6|1,1,1-三氯乙烷|
1,1,2,2-Tetrachloroethane|79-34-5|1,1,2,2-四氯乙烷|
3-Chloropropene|107-05-1|3-氯丙烯|烯丙基氯; Allyl chloride
(R)-2-(Chloromethyl)oxirane|51594-55-9|(R)-(−)-环氧氯丙烷|(R)-Epichlorohydrin
2-(2-Hydroxyethoxy)ethanol|111-46-6|二乙二醇|二甘醇; Diethylene glycol
1-Butoxybutane|142-96-1|正丁醚|Dibutyl ether
1-Propoxypropane|111-43-3|正丙醚|Dipropyl ether
2-Propane-2-yloxypropane|108-20-3|异丙醚|Diisopropyl ether
Oxane|142-68-7|四氢吡喃|Tetrahydropyran
Furan|110-00-9|呋喃|
Thiophene|110-02-1|噻吩|
Pentan-2-one|107-87-9|2-戊酮|
Pentan-3-one|96-22-0|3-戊酮|Diethyl ketone
Hexan-2-one|591-78-6|2-己酮|
Hexan-3-one|589-38-8|3-己酮|
Heptan-2-one|110-43-0|2-庚酮|
Heptan-3-one|106-35-4|3-庚酮|
Heptan-4-one|123-19-3|4-庚酮|Dipropyl ketone
Octan-2-one|111-13-7|2-辛酮|
Octan-3-one|106-68-3|3-辛酮|
Cyclopentanone|120-92-3|环戊酮|
Cyclopent-2-en-1-one|930-30-3|2-环戊烯-1-酮|
Cyclohex-2-en-1-one|930-68-7|2-环己烯-1-酮|
But-3-en-2-one|78-94-4|甲基乙烯基酮|Methyl vinyl ketone
1,1,1,3,3,3-Hexafluoropropanone|684-16-2|六氟丙酮|Hexafluoroacetone
Cyclohexa-2,5-diene-1,4-dione|106-51-4|对苯醌|p-Benzoquinone
(2R)-2-Aminopropanoic acid|338-69-2|D-丙氨酸|D-Alanine
(2R)-2-Amino-3-hydroxypropanoic acid|312-84-5|D-丝氨酸|D-Serine
(2R)-2-Amino-3-methylbutanoic acid|640-68-6|D-缬氨酸|D-Valine
(2R)-2-Amino-4-methylpentanoic acid|328-38-1|D-亮氨酸|D-Leucine
(2R)-2-Amino-3-phenylpropanoic acid|673-06-3|D-苯丙氨酸|D-Phenylalanine
(2R)-2-Amino-3-(4-hydroxyphenyl)propanoic acid|556-02-5|D-酪氨酸|D-Tyrosine
(2R)-2-Amino-3-(1H-indol-3-yl)propanoic acid|153-94-6|D-色氨酸|D-Tryptophan
(2R)-2-Amino-3-(3H-imidazol-4-yl)propanoic acid|351-50-8|D-组氨酸|D-Histidine
(2R)-Pyrrolidine-2-carboxylic acid|344-25-2|D-脯氨酸|D-Proline
(2R)-2-Amino-4-methylsulfanylbutanoic acid|348-67-4|D-甲硫氨酸|D-Methionine
(2R)-2,6-Diaminohexanoic acid|923-27-3|D-赖氨酸|D-Lysine
(2R)-2-Amino-5-(diaminomethylideneamino)pentanoic acid|157-06-2|D-精氨酸|D-Arginine
(2R)-2-Aminobutanedioic acid|1783-96-6|D-天冬氨酸|D-Aspartic acid
(2R)-2-Aminopentanedioic acid|6893-26-1|D-谷氨酸|D-Glutamic acid
(2R)-2-Amino-4-carbamoylbutanoic acid|5959-95-5|D-谷氨酰胺|D-Glutamine
(2R)-2-Amino-3-carbamoylpropanoic acid|2058-58-4|D-天冬酰胺|D-Asparagine
(2R,3S)-2-Amino-3-hydroxybutanoic acid|632-20-2|D-苏氨酸|D-Threonine
(S)-2-Amino-3-(4-nitrophenyl)propanoic acid|949-99-5|4-硝基-L-苯丙氨酸|4-Nitro-L-phenylalanine
`;

export interface StructureFact {
  cas: string;
  nameZh: string;
  synonyms: string[];
}

export const STRUCTURE_FACTS: ReadonlyMap<string, StructureFact> = new Map(
  TABLE.trim().split('\n').map((line) => {
    const [name = '', cas = '', nameZh = '', synonyms = ''] = line.split('|');
    return [name, { cas, nameZh, synonyms: synonyms ? synonyms.split('; ') : [] }] as const;
  }),
);
