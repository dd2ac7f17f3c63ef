import { getDb } from '@/server/db/client';
import { createApp } from '@/server/api/app';

export const dynamic = 'force-dynamic';

const app = createApp({ getDb });
const handle = (request: Request) => app.fetch(request);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const HEAD = handle;
export const OPTIONS = handle;
