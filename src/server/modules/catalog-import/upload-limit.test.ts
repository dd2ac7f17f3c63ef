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
