// The soak of `npm run bench:load -- --soak S`: the level that met the bar, paced at a share of its
// throughput for S seconds, with each minute's throughput, p95 and errors and every stack instance's heap
// and resident memory read from its /api/metrics (Prometheus text; needs METRICS_TOKEN, as the stack's).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The stack's instances (scripts/stack.mjs writes their ports), or none when the file is absent. */
function stackInstances() {
  const file = path.resolve(process.env.STACK_DIR ?? '.data/stack', 'instances.json');
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')).map((i) => ({ name: i.name, port: i.port }));
}

/** One metric's value in Prometheus text (the first sample of that name), or null. */
export function metricValue(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (!line) return null;
  const value = Number(line.trim().split(/\s+/).at(-1));
  return Number.isFinite(value) ? value : null;
}

async function memoryOf(instance, token) {
  try {
    const res = await fetch(`http://127.0.0.1:${instance.port}/api/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return null;
    const text = await res.text();
    return { heap: metricValue(text, 'reagent_nodejs_heap_size_used_bytes'), rss: metricValue(text, 'reagent_process_resident_memory_bytes') };
  } catch {
    return null;
  }
}

const mib = (bytes) => (bytes === null || bytes === undefined ? '—' : (bytes / 1048576).toFixed(0));
const p95Of = (list) => {
  const sorted = list.map((a) => a.ms).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] : 0;
};

/**
 * Runs the soak and returns the journal's lines: a row per minute and a verdict (errors, the last minute's
 * p95 against the first's, each instance's resident memory and heap growth from the first minute to the last).
 */
export async function soak({ level, seconds, share, keys, offset, runLevel }) {
  const token = process.env.METRICS_TOKEN ?? '';
  const instances = token ? stackInstances() : [];
  const pace = level.total.rps * share;
  const minutes = [];
  process.stdout.write(`soak: ${level.clients} clients paced at ${pace.toFixed(1)} requests/s for ${seconds} s …\n`);
  const onMinute = async (answers) => {
    const memory = await Promise.all(instances.map((i) => memoryOf(i, token)));
    const row = { n: answers.length, failed: answers.filter((a) => a.failed).length, p95: p95Of(answers), memory };
    minutes.push(row);
    process.stdout.write(`  minute ${minutes.length}: ${(row.n / 60).toFixed(1)}/s, p95 ${row.p95.toFixed(0)} ms, ${row.failed} errors${memory.map((m, k) => `, ${instances[k].name} heap ${mib(m?.heap)} / RSS ${mib(m?.rss)} MiB`).join('')}\n`);
  };
  const result = await runLevel(level.clients, keys, offset + level.clients, seconds, { pace, onMinute });
  const first = minutes[0];
  const last = minutes.at(-1);
  const lines = [
    `#### Soak: ${seconds} s at ${Math.round(share * 100)} % of ${level.total.rps.toFixed(1)} requests/s (${level.clients} clients, paced)`,
    '',
    instances.length ? `Memory from each instance's /api/metrics (${instances.map((i) => i.name).join(', ')}).` : 'No memory figures: METRICS_TOKEN unset or no stack instances file.',
    '',
    `| Minute | Req/s | Errors | p95 ms |${instances.map((i) => ` ${i.name} heap / RSS MiB |`).join('')}`,
    `|---|---|---|---|${instances.map(() => '---|').join('')}`,
    ...minutes.map((m, k) => `| ${k + 1} | ${(m.n / 60).toFixed(1)} | ${m.failed} | ${m.p95.toFixed(0)} |${m.memory.map((x) => ` ${mib(x?.heap)} / ${mib(x?.rss)} |`).join('')}`),
    '',
    `Whole soak: ${result.total.n} requests, ${result.total.rps.toFixed(1)}/s, ${result.total.failed} errors, p50 ${result.total.p50.toFixed(0)} / p95 ${result.total.p95.toFixed(0)} / p99 ${result.total.p99.toFixed(0)} ms.`,
  ];
  if (first && last && minutes.length > 1) {
    lines.push(`First minute to last: p95 ${first.p95.toFixed(0)} → ${last.p95.toFixed(0)} ms${instances.map((i, k) => `; ${i.name} RSS ${mib(first.memory[k]?.rss)} → ${mib(last.memory[k]?.rss)} MiB, heap ${mib(first.memory[k]?.heap)} → ${mib(last.memory[k]?.heap)} MiB`).join('')}.`);
  }
  lines.push('');
  return lines;
}
