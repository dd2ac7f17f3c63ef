import { z } from 'zod';

// In the browser zod must not probe for `Function`: the pages' Content-Security-Policy allows no eval
// (ADR 0028), and the probe, though caught, is reported as a violation. Every contract file imports
// this one first, so the setting is made before any schema parses.
if (typeof window !== 'undefined') z.config({ jitless: true });
