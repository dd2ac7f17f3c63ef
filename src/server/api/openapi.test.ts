import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { API_TYPES_COMMAND, API_TYPES_FILE, apiTypesSource } from '@/server/http/openapi-types';
import { apiRouters } from './routers';

// The routers register their endpoints when imported; the document lists them.
expect(apiRouters.length).toBeGreaterThan(0);
const doc = buildOpenApiDocument();
const work = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('is valid for a standard OpenAPI 3.1 validator, every $ref resolving inside the document', async () => {
    const copy = structuredClone(doc) as unknown as OpenAPIV3_1.Document;
    await expect(SwaggerParser.validate(copy)).resolves.toBeTruthy();
  });

  it('keeps recursive schemas under components/schemas, never as $defs of the root', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    expect(text).not.toContain('"$defs"');
    const schemas = (doc.components as { schemas: Record<string, { properties?: Record<string, unknown> }> }).schemas;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['MenuItem', 'MenuRow', 'CategoryNode']));
    expect(schemas.MenuItem?.properties?.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/MenuItem' } });
    expect(schemas.CategoryNode?.properties?.secondJson).toEqual({ type: 'array', items: { $ref: '#/components/schemas/CategoryNode' } });
  });

  it('generates a typed client (openapi-typescript) that a strict TypeScript program compiles against', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never, { silent: true }));
    writeFileSync(path.join(work, 'api-types.ts'), types);
    // A client written against the generated types: paths, bodies and the recursive menu type.
    writeFileSync(
      path.join(work, 'client.ts'),
      `import type { components, paths } from './api-types';
type LoginBody = NonNullable<paths['/api/web/auth/login']['post']['requestBody']>['content']['application/json'];
export const body: LoginBody = { loginName: 'buyer@demo.example.com', password: 'a'.repeat(64) };
type Menu = components['schemas']['MenuItem'];
export function titles(menu: Menu): string[] {
  return [menu.meta.title, ...menu.children.flatMap(titles)];
}
type Category = components['schemas']['CategoryNode'];
export const depth = (c: Category): number => 1 + Math.max(0, ...c.secondJson.map(depth));
`,
    );
    const program = ts.createProgram([path.join(work, 'client.ts')], {
      strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    expect(types).toContain('"/api/web/product/getFirst"');
  });

  it(`matches the committed browser types (${API_TYPES_FILE}); \`${API_TYPES_COMMAND}\` writes them again`, async () => {
    const committed = readFileSync(path.join(process.cwd(), API_TYPES_FILE), 'utf8');
    const generated = await apiTypesSource(doc);
    expect(committed === generated, `${API_TYPES_FILE} is stale: run \`${API_TYPES_COMMAND}\` and commit the file`).toBe(true);
  });

  it('lists every endpoint registered by the routers, once per method', () => {
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    const operations = Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(operations).toBeGreaterThan(100);
  });

  it('sends a path parameter in the path alone, never again in the body', () => {
    const paths = doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object; required?: string[] } }> } }>>;
    const repeated: string[] = [];
    let withPathAndBody = 0;
    for (const [address, item] of Object.entries(paths)) {
      const inPath = [...address.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
      for (const [method, op] of Object.entries(item)) {
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          const names = [...Object.keys(media.schema?.properties ?? {}), ...(media.schema?.required ?? [])];
          if (inPath.length > 0) withPathAndBody += 1;
          for (const name of inPath) if (names.includes(name)) repeated.push(`${method} ${address}: ${name}`);
        }
      }
    }
    expect(withPathAndBody).toBeGreaterThan(10);
    expect(repeated).toEqual([]);
  });
});
