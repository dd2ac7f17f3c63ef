import 'server-only';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface StoredFile {
  size: number;
  stream: () => ReadableStream<Uint8Array>;
}

/** Where files live: a local folder by default (FILES_DIR, else <DATA_DIR>/files). */
export interface FileStore {
  readonly root: string;
  open: (key: string) => Promise<StoredFile | null>;
  exists: (key: string) => Promise<boolean>;
  write: (key: string, data: Uint8Array) => Promise<void>;
}

// The folder is configured at run time (FILES_DIR), so the bundler must not trace these paths.
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * The absolute path of a key inside the root, or null when the key could leave it
 * (`..`, absolute paths, back-slashes, empty segments, odd characters).
 */
export function resolveKey(root: string, key: string): string | null {
  if (key.length === 0 || key.length > 300 || !SAFE_KEY.test(key)) return null;
  if (key.split('/').some((segment) => segment === '.' || segment === '..' || /^\.+$/.test(segment))) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, key);
  return full.startsWith(base + path.sep) ? full : null;
}

export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  return {
    root: base,
    async open(key) {
      const full = resolveKey(base, key);
      if (!full) return null;
      const info = await stat(/* turbopackIgnore: true */ full).catch(() => null);
      if (!info || !info.isFile()) return null;
      return {
        size: info.size,
        stream: () => Readable.toWeb(createReadStream(/* turbopackIgnore: true */ full)) as ReadableStream<Uint8Array>,
      };
    },
    async exists(key) {
      const full = resolveKey(base, key);
      if (!full) return false;
      const info = await stat(/* turbopackIgnore: true */ full).catch(() => null);
      return info?.isFile() ?? false;
    },
    async write(key, data) {
      const full = resolveKey(base, key);
      if (!full) throw new Error(`Unsafe file key: ${key}`);
      await mkdir(/* turbopackIgnore: true */ path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${full}.${process.pid}.tmp`;
      await writeFile(/* turbopackIgnore: true */ temp, data);
      await rename(/* turbopackIgnore: true */ temp, full);
    },
  };
}

export function defaultFilesDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.FILES_DIR ?? path.join(process.env.DATA_DIR ?? '.data', 'files'));
}

/** The configured store. Stateless: it holds nothing but the folder's path. */
export function getFileStore(): FileStore {
  return createLocalFileStore(defaultFilesDir());
}
