import type { Server } from 'node:http';
export declare function graceful(server: Server, options: { timeoutMs: number; onDrain?: () => void }): { readonly inFlight: number; shutdown: () => Promise<boolean> };
