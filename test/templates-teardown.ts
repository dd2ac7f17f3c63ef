import postgres from 'postgres';
import { postgresTemplateName } from './templates';

/** vitest globalSetup of the PostgreSQL project: after the run, drops the run's template databases. */
export default function setup(): () => Promise<void> {
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    const run = process.env.TEST_TEMPLATE_DIR;
    if (!base || !run) return;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    try {
      const pattern = postgresTemplateName(base, run, '%');
      const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${pattern}`;
      for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
