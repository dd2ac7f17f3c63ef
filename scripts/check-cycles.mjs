// No import cycles anywhere in src (ADR 0021, 0059): reads the imports of every TypeScript file under src/
// (server, pages, components, contracts, lib) and fails on any cycle. Type-only imports are not followed
// (they leave no trace at run time); dynamic imports with a literal path are.
//   node scripts/check-cycles.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cyclesOf, resolveImport, valueImports } from '../test/import-cycles.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = path.join(root, 'src');
const EXTENSIONS = ['.ts', '.tsx'];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return EXTENSIONS.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const graph = new Map();
for (const file of filesUnder(src)) {
  const targets = valueImports(file, readFileSync(file, 'utf8')).map((s) => resolveImport(src, file, s)).filter((t) => t !== null);
  graph.set(file, [...new Set(targets)]);
}
const cycles = cyclesOf(graph);
if (cycles.length > 0) {
  console.error(`Import cycles in src (ADR 0021): ${cycles.length}`);
  for (const group of cycles) console.error(`  ${group.map((f) => path.relative(root, f)).join('\n    ↔ ')}`);
  process.exit(1);
}
console.log(`No import cycle in src (${graph.size} files read).`);
