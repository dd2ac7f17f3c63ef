import { resetRateLimits } from '@/server/modules/rate-limit/limits';

/**
 * Set-up of each API test file that shares its worker's modules with the files before it (ADR 0051):
 * the process's rate-limit counters start empty for every file, as they did when each file had a
 * process of its own. Without it one file's failed sign-ins could block the next file's.
 */
await resetRateLimits();
