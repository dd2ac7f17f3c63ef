// No import cycles anywhere in src (ADR 0021, 0059): reads the imports of every TypeScript file under src/
// (server, pages, components, contracts, lib) and fails on any cycle. Type-only imports are not followed
// (they leave no trace at run time); dynamic imports with a literal path are.
//   node scripts/check-cycles.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cyclesOf, localValueImports, sourceFilesUnder } from '../test/import-cycles.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'src');
const graph = new Map();
for (const file of sourceFilesUnder(src)) graph.set(file, localValueImports(src, file, readFileSync(file, 'utf8')));
const cycles = cyclesOf(graph);
if (cycles.length > 0) {
  console.error(`Import cycles in src (ADR 0021): ${cycles.length}`);
  for (const group of cycles) console.error(`  ${group.map((f) => path.relative(root, f)).join('\n    ↔ ')}`);
  process.exit(1);
}
console.log(`No import cycle in src (${graph.size} files read).`);
