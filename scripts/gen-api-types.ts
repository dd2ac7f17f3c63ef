/**
 * Writes the browser's API types (src/lib/api/schema.d.ts) from the OpenAPI document that the
 * routers declare — the document `/api/openapi.json` serves:
 *   npm run gen:api
 * `npm run build` and `npm start` run it before building; the API test of the document fails when the
 * committed file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { apiRouters } from '@/server/api/routers';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { API_TYPES_FILE, apiTypesSource } from '@/server/http/openapi-types';

async function main() {
  if (apiRouters.length === 0) throw new Error('no API routers');
  const source = await apiTypesSource(buildOpenApiDocument());
  let current = '';
  try {
    current = readFileSync(API_TYPES_FILE, 'utf8');
  } catch {
    current = '';
  }
  if (current === source) return;
  writeFileSync(API_TYPES_FILE, source);
  process.stdout.write(`${API_TYPES_FILE} written\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
