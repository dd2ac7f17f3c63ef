import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from './jobs';

const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

describe('the import file size limit', () => {
  it('is the one the documentation and the messages give', () => {
    const mib = IMPORT_MAX_BYTES / 1024 / 1024;
    expect(Number.isInteger(mib)).toBe(true);
    expect(read('docs/architecture.md')).toContain(`/api/admin/catalog/imports\`, CSV or XLSX by name and bytes, ${mib} MiB`);
    expect(read('docs/decisions/0034-catalogue-import-export.md')).toContain(`(the multipart body, at most ${mib} MiB, \`IMPORT_MAX_BYTES\``);
    for (const lang of ['zh', 'en']) {
      const messages = JSON.parse(read(`messages/${lang}.json`)) as { api: { errors: Record<string, string> }; adminImports: { uploadHint: string } };
      expect(messages.api.errors.importFileTooLarge).toContain(`${mib} MB`);
      expect(messages.adminImports.uploadHint).toContain(`${mib} MB`);
    }
  });
});

/** The directives of one `location … { … }` block of the nginx template, in order (comments dropped). */
function locationDirectives(conf: string, location: string): string[] {
  const start = conf.indexOf(`location ${location} {`);
  expect(start, `location ${location}`).toBeGreaterThanOrEqual(0);
  const end = conf.indexOf('}', start);
  return conf.slice(conf.indexOf('{', start) + 1, end).split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
}

/** nginx's size (`12m`, `512k`, `1g`, bytes) in bytes. */
function nginxBytes(size: string): number {
  const [, n, unit] = /^(\d+)([kmg]?);$/i.exec(size) ?? [];
  expect(n, size).toBeDefined();
  const scale = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(unit ?? '').toLowerCase()] ?? Number.NaN;
  return Number(n) * scale;
}

describe('nginx in front of the app (deploy/nginx.conf.template)', () => {
  it('lets the import upload through up to IMPORT_MAX_BYTES and its envelope, proxied as every other request', () => {
    const conf = read('deploy/nginx.conf.template');
    const routes = read('src/server/modules/catalog-import/routes.ts');
    // The upload route is POST /api/admin/catalog/imports, with the app's own limit of the file and 64 KiB of envelope.
    expect(routes).toContain("createRouter('/api/admin/catalog')");
    expect(routes).toContain("method: 'post', path: '/imports',");
    expect(routes).toContain('limit: IMPORT_MAX_BYTES + 64 * 1024');
    const upload = locationDirectives(conf, '= /api/admin/catalog/imports');
    const limit = upload.find((d) => d.startsWith('client_max_body_size '));
    expect(limit).toBeDefined();
    const bytes = nginxBytes((limit as string).split(/\s+/)[1] as string);
    expect(bytes).toBeGreaterThanOrEqual(IMPORT_MAX_BYTES + 64 * 1024);
    expect(bytes).toBeLessThanOrEqual(IMPORT_MAX_BYTES + 2 * 1024 * 1024);
    expect(upload.filter((d) => d !== limit)).toEqual(locationDirectives(conf, '/'));
    // Every other request keeps the small limit.
    const general = /^\s*client_max_body_size (\S+)$/m.exec(conf.slice(0, conf.indexOf('server {')));
    expect(nginxBytes(general?.[1] ?? '')).toBeLessThan(IMPORT_MAX_BYTES);
  });
});
