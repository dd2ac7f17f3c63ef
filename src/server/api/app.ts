import 'server-only';
import { createHttpApp, type HttpAppOptions } from '@/server/http/server';
import { apiRouters } from './routers';

/**
 * The composition root of the HTTP API: the HTTP frame (`server/http`) with every module's
 * routers. Mounted once, by src/app/api/[[...route]]/route.ts; tests build it on their own database.
 */
export function createApp(options: HttpAppOptions) {
  return createHttpApp(options, apiRouters);
}

export type ApiApp = ReturnType<typeof createApp>;
