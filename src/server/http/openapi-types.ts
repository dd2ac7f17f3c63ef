import 'server-only';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/** A file part or a file answer: the browser's `Blob` (a `File` is one), not the text the document's `format: binary` would give. */
const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** Where the browser's API types live (committed), and the command that writes them again. */
export const API_TYPES_FILE = 'src/lib/api/schema.d.ts';
export const API_TYPES_COMMAND = 'npm run gen:api';

const HEADER = `/**
 * The API's types, generated from its OpenAPI document (the routers' endpoint declarations).
 * Do not edit: \`${API_TYPES_COMMAND}\` writes this file again, and the build does too.
 */

`;

/** The TypeScript declarations (`paths`, `components`) of an OpenAPI document, as the committed file holds them. */
export async function apiTypesSource(document: Record<string, unknown>): Promise<string> {
  return HEADER + astToString(await openapiTS(structuredClone(document) as never, {
    silent: true,
    transform: (schema) => ('format' in schema && schema.format === 'binary' ? BLOB : undefined),
  }));
}
