import postgres from 'postgres';

/** The PostgreSQL server the benchmarks make their scratch databases on (`TEST_DATABASE_URL`'s server). */
export function benchServerUrl(): URL {
  return new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
}

/**
 * A benchmark's scratch database `name` on the benchmark server: dropped and made anew unless `reuse`
 * keeps one that exists; `drop()` removes it at the end unless `keep`. `fresh` says it was made empty now.
 */
export async function openScratchDatabase(
  name: string,
  options: { reuse: boolean; keep: boolean },
): Promise<{ url: string; fresh: boolean; drop: () => Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a scratch database name: ${name}`);
  const server = benchServerUrl();
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
  const exists = (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (exists && !options.reuse) await admin.unsafe(`drop database ${name} with (force)`);
  const fresh = !exists || !options.reuse;
  if (fresh) await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    fresh,
    drop: async () => {
      if (options.keep) return;
      const dropper = postgres(server.toString(), { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
