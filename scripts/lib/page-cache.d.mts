import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const GENERATION_KEY: unique symbol;
export declare function wholeNumberSetting(name: string, value: string | undefined, fallback: number): number;
export declare function pageCacheSettings(env?: Record<string, string | undefined>): { seconds: number; maxBytes: number };
export declare function isGuestPageRequest(req: IncomingMessage): boolean;
export declare function splitBuffer(buffer: Buffer, separator: Buffer): Buffer[];
export interface PageCache {
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  keep(req: IncomingMessage, res: ServerResponse): void;
  /** Settles once every compression started so far (a kept page's first hit from a gzip client) is done. */
  compressed(): Promise<void>;
  stats(): { entries: number; bytes: number };
}
export declare function createPageCache(options: {
  seconds: number;
  maxBytes: number;
  now?: () => number;
  onResult?: (result: 'hit' | 'miss' | 'bypass') => void;
  /** Makes a kept page's gzip pieces (default: zlib's deflate in its thread pool, each piece ending with a full flush), on its first hit from a client that accepts gzip. */
  compress?: (parts: Buffer[]) => Promise<Buffer[]>;
}): PageCache;
export declare function bumpPageGeneration(): void;
export declare const LOCALE_COOKIE: { name: string; maxAgeSeconds: number; sameSite: string };
export declare const PAGE_LOCALES: { default: string; prefixed: string[] };
export declare function localeOfPath(path: string): string;
