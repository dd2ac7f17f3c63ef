import 'server-only';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

/** A stored file opened for reading. */
export interface StoredFile {
  size: number;
  stream: () => ReadableStream<Uint8Array>;
}

/**
 * Where files live: a local folder by default (FILES_DIR, else <DATA_DIR>/files), or a bucket of an
 * S3-compatible store when S3_BUCKET is set, so that several app instances serve the same files.
 */
export interface FileStore {
  readonly root: string;
  open: (key: string) => Promise<StoredFile | null>;
  exists: (key: string) => Promise<boolean>;
  write: (key: string, data: Uint8Array) => Promise<void>;
  /** Removes the file; a key with no file is no error. */
  remove: (key: string) => Promise<void>;
}

// The folder is configured at run time (FILES_DIR), so the bundler must not trace these paths.
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** A key made of plain relative segments: no `..`, no absolute path, no back-slash, no odd character. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 300 || !SAFE_KEY.test(key)) return false;
  return !key.split('/').some((segment) => segment === '.' || segment === '..' || /^\.+$/.test(segment));
}

/**
 * The absolute path of a key inside the root, or null when the key could leave it
 * (`..`, absolute paths, back-slashes, empty segments, odd characters).
 */
export function resolveKey(root: string, key: string): string | null {
  if (!isSafeKey(key)) return null;
  const base = path.resolve(/* turbopackIgnore: true */ root);
  const full = path.resolve(/* turbopackIgnore: true */ base, key);
  return full.startsWith(base + path.sep) ? full : null;
}

export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(/* turbopackIgnore: true */ root);
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
      await mkdir(/* turbopackIgnore: true */ path.dirname(/* turbopackIgnore: true */ full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${full}.${process.pid}.tmp`;
      await writeFile(/* turbopackIgnore: true */ temp, data);
      await rename(/* turbopackIgnore: true */ temp, full);
    },
    async remove(key) {
      const full = resolveKey(base, key);
      if (!full) throw new Error(`Unsafe file key: ${key}`);
      await rm(/* turbopackIgnore: true */ full, { force: true });
    },
  };
}

export function defaultFilesDir(): string {
  return path.resolve(/* turbopackIgnore: true */ process.env.FILES_DIR ?? path.join(/* turbopackIgnore: true */ process.env.DATA_DIR ?? '.data', 'files'));
}

/** Where an S3-compatible store is and how to sign in to it (the S3_* variables). */
export interface S3Settings {
  bucket: string;
  /** A key prefix inside the bucket (no leading or trailing slash), or '' for the bucket's root. */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
}

export function s3SettingsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  return {
    bucket,
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : Boolean(endpoint),
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * Files in a bucket of an S3-compatible store (AWS S3, MinIO, Ceph, a cloud's object storage). Keys are
 * checked as for the local store; a download opens the object only when its stream is first read.
 */
export function createS3FileStore(settings: S3Settings, client?: S3Client): FileStore {
  const s3 = client ?? new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined,
  });
  const objectKey = (key: string) => (settings.prefix ? `${settings.prefix}/${key}` : key);
  async function head(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const answer = await s3.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }
  return {
    root: `s3://${settings.bucket}/${settings.prefix}`,
    async open(key) {
      const size = await head(key);
      if (size === null) return null;
      return {
        size,
        stream: () => {
          let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
          return new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (!reader) {
                const answer = await s3.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
                if (!answer.Body) throw new Error(`Empty object body: ${key}`);
                reader = answer.Body.transformToWebStream().getReader();
              }
              const { done, value } = await reader.read();
              if (done) controller.close();
              else controller.enqueue(value);
            },
            cancel(reason) {
              return reader?.cancel(reason);
            },
          });
        },
      };
    },
    async exists(key) {
      return (await head(key)) !== null;
    },
    async write(key, data) {
      if (!isSafeKey(key)) throw new Error(`Unsafe file key: ${key}`);
      // One PUT: the object appears whole or not at all, as the local store's rename gives.
      await s3.send(new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: data, ContentLength: data.byteLength }));
    },
    async remove(key) {
      if (!isSafeKey(key)) throw new Error(`Unsafe file key: ${key}`);
      await s3.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}

const globalForFiles = globalThis as unknown as { __s3FileStore?: { signature: string; store: FileStore } };

/**
 * The configured store: the S3 bucket when S3_BUCKET is set, else the local folder. Neither holds
 * anything per user; the S3 client (its connection pool) is made once per process.
 */
export function getFileStore(): FileStore {
  const settings = s3SettingsFromEnv();
  if (!settings) return createLocalFileStore(defaultFilesDir());
  const signature = JSON.stringify(settings);
  if (globalForFiles.__s3FileStore?.signature !== signature) {
    globalForFiles.__s3FileStore = { signature, store: createS3FileStore(settings) };
  }
  return globalForFiles.__s3FileStore.store;
}
