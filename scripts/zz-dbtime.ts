import postgres from 'postgres';
import { openPostgres } from '../src/server/db/client';
import { findProducts, findProductsAndFacets } from '../src/server/modules/catalog/browse';
async function main() {
  const url = 'postgres://postgres@127.0.0.1:5432/bench_pages';
  const c = postgres(url, { max: 1 });
  const max = (await c`select max(id)::int as m from products`)[0]!.m;
  const n = 40; const off = Number(process.env.OFF ?? 0.21);
  const picks = Array.from({ length: n }, (_, i) => 1 + Math.floor(((i + off) / n) * (max - 1)));
  const rows = await c`select p.name_zh from unnest(${picks}::int[]) r(id) cross join lateral (select * from products where id >= r.id and active order by id limit 1) p`;
  await c.end();
  const keys = [...new Set(rows.map((r) => [...(r.name_zh as string)].slice(0, 4).join('')))];
  const h = openPostgres(url, 4);
  const a: number[] = [], b: number[] = [], d: number[] = [];
  for (const key of keys) {
    const f = { key, type: '3', limit: 20 } as const;
    let s = performance.now(); await findProducts(h.db, f as never, 'zh', { countSearch: false }); a.push(performance.now() - s);
    s = performance.now(); await findProductsAndFacets(h.db, f as never, 'zh'); b.push(performance.now() - s);
    s = performance.now(); await findProducts(h.db, f as never, 'zh', { countSearch: false }); d.push(performance.now() - s);
  }
  const q = (x: number[], p: number) => { const s = [...x].sort((m, n) => m - n); return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!.toFixed(1); };
  console.log(`n=${keys.length} first p50/p95 ${q(a, .5)}/${q(a, .95)}  facets ${q(b, .5)}/${q(b, .95)}  again ${q(d, .5)}/${q(d, .95)}`);
  await h.close();
}
void main();
