import { openPostgres } from '../src/server/db/client';
import { listProducts } from '../src/server/modules/catalog/search';
const h = openPostgres('postgres://postgres@127.0.0.1:5432/i3s_bench', 2);
async function main() {
const keys = process.argv.slice(2);
for (const key of keys) {
  const times: number[] = [];
  let total = 0; let capped = false;
  for (let i = 0; i < 7; i++) { const t = performance.now(); const p = await listProducts(h.db, { lang: 'zh', key, type: 3, limit: 20 }); times.push(performance.now() - t); total = p.total; capped = p.totalCapped; }
  times.sort((a, b) => a - b);
  console.log(key.padEnd(20), 'total', total, capped ? '+' : '', 'median', times[3]!.toFixed(1), 'min', times[0]!.toFixed(1));
}
await h.close();
}
void main();
