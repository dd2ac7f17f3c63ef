import type { paths } from './schema';

/**
 * The API's operations as the generated document types describe them (src/lib/api/schema.d.ts):
 * which paths take which method, what a call sends and what its envelope's `data` holds. Types
 * only, so that the storefront's client uses them at no cost to its bundles.
 */
export type ApiPaths = paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type ApiPath = keyof paths & string;

/** The paths that answer a method. */
export type ApiPathWith<M extends ApiMethod> = { [P in ApiPath]: paths[P] extends { [K in M]: object } ? P : never }[ApiPath];

type Operation<M extends ApiMethod, P extends ApiPathWith<M>> = paths[P][M];

/** What a successful call's envelope carries as `data`. */
export type ApiData<M extends ApiMethod, P extends ApiPathWith<M>> =
  Operation<M, P> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;

/** The body a call sends (form-encoded or JSON: the same fields). */
export type ApiBody<M extends ApiMethod, P extends ApiPathWith<M>> =
  Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : Record<string, never>;

/** A field error of a 400 answer (the envelope's `data`). */
export interface ApiFieldError {
  field: string;
  message: string;
}
