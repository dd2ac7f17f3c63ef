import 'server-only';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';

/**
 * The entries of a zip file on disk, found through its central directory (the zip's own index at its
 * end), so an entry is read wherever it is stored — an XLSX's shared strings are often written after
 * its worksheets. Each entry is read as a stream, inflated with a limit on its size and on its
 * compression ratio: a small upload cannot make the reader inflate gigabytes (a "zip bomb").
 */

export class ZipError extends Error {}

/** A file over one of the reader's limits (sizes, counts), as opposed to a broken one. */
export class LimitError extends ZipError {}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localOffset: number;
}

export interface ZipLimits {
  /** An entry inflating to more bytes than this is refused. */
  maxEntryBytes: number;
  /**
   * Nor more than this many times its stored size (past the first MiB). Spreadsheets' parts inflate
   * 7–12 times (a 100,000-row workbook of exceljs); a zip bomb up to about 1,000 times.
   */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntryBytes: 1024 ** 3, maxRatio: 100 };

/** The most an entry may inflate to under the limits, for its stored size. */
export function inflatedCap(compressedSize: number, limits: ZipLimits): number {
  return Math.min(limits.maxEntryBytes, 1024 * 1024 + limits.maxRatio * compressedSize);
}

/** Why an entry's declared sizes are over the limits, or null: checked before anything is inflated. */
export function declaredFault(entry: ZipEntry, limits: ZipLimits): string | null {
  if (entry.size > limits.maxEntryBytes) return `zip: ${entry.name} too large`;
  if (entry.size > inflatedCap(entry.compressedSize, limits)) return `zip: ${entry.name} inflates too far`;
  return null;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

type ReadAt = (position: number, length: number) => Promise<Buffer>;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new ZipError('zip: truncated');
  return buffer;
}

/** The entries of a zip held in memory (an upload), by its central directory. */
export async function zipEntriesOf(bytes: Uint8Array): Promise<Map<string, ZipEntry>> {
  const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read: ReadAt = async (position, length) => {
    if (position < 0 || position + length > whole.length) throw new ZipError('zip: truncated');
    return whole.subarray(position, position + length);
  };
  return centralDirectory(read, whole.length);
}

const u64 = (b: Buffer, at: number) => Number(b.readBigUInt64LE(at));

/** The zip64 sizes and offset of a central directory record (extra field 0x0001), where its 32-bit ones are full. */
function zip64Fields(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let p = at + 4;
      const take = () => {
        if (p + 8 > at + 4 + length) throw new ZipError('zip: bad zip64 field');
        const v = u64(extra, p);
        p += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.localOffset === 0xffffffff) entry.localOffset = take();
      return;
    }
    at += 4 + length;
  }
}

async function centralDirectory(read: ReadAt, size: number): Promise<Map<string, ZipEntry>> {
  if (size < 22) throw new ZipError('zip: too short');
  // The end record is in the last 22 bytes plus a comment of at most 64 KiB.
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = await read(size - tailLength, tailLength);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('zip: no end of central directory');
  let count = tail.readUInt16LE(end + 10);
  let dirSize = tail.readUInt32LE(end + 12);
  let dirOffset = tail.readUInt32LE(end + 16);
  if ((count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) && end >= 20 && tail.readUInt32LE(end - 20) === EOCD64_LOCATOR) {
    const at = u64(tail, end - 20 + 8);
    const record = await read(at, 56);
    if (record.readUInt32LE(0) !== EOCD64) throw new ZipError('zip: bad zip64 end record');
    count = u64(record, 32);
    dirSize = u64(record, 40);
    dirOffset = u64(record, 48);
  }
  if (count > MAX_ENTRIES) throw new ZipError('zip: too many entries');
  if (dirOffset + dirSize > size) throw new ZipError('zip: central directory outside the file');
  const dir = await read(dirOffset, dirSize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) throw new ZipError('zip: bad central directory');
    const flags = dir.readUInt16LE(at + 8);
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    if (at + 46 + nameLength + extraLength > dir.length) throw new ZipError('zip: bad central directory');
    const entry: ZipEntry = {
      name: dir.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
      method: dir.readUInt16LE(at + 10),
      crc: dir.readUInt32LE(at + 16),
      compressedSize: dir.readUInt32LE(at + 20),
      size: dir.readUInt32LE(at + 24),
      localOffset: dir.readUInt32LE(at + 42),
    };
    if (flags & 0x1) throw new ZipError('zip: encrypted entry');
    zip64Fields(dir.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    entries.set(entry.name, entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export class ZipFile {
  private constructor(private readonly path: string, private readonly file: FileHandle, readonly entries: Map<string, ZipEntry>, private readonly fileSize: number) {}

  static async open(path: string): Promise<ZipFile> {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      const entries = await centralDirectory((position, length) => readAt(file, position, length), size);
      return new ZipFile(path, file, entries, size);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Where the entry's stored bytes begin in the file. */
  async dataOffset(entry: ZipEntry): Promise<number> {
    const header = await readAt(this.file, entry.localOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL) throw new ZipError('zip: bad local header');
    const start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + entry.compressedSize > this.fileSize) throw new ZipError('zip: entry outside the file');
    return start;
  }

  /**
   * The entry's bytes, inflated, with its CRC checked at the end. `onRead` is told the position in
   * the zip file reached so far (for a progress bar).
   */
  async *read(entry: ZipEntry, limits: ZipLimits = DEFAULT_ZIP_LIMITS, onRead?: (position: number) => void): AsyncGenerator<Buffer> {
    if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`zip: compression method ${entry.method}`);
    const fault = declaredFault(entry, limits);
    if (fault) throw new LimitError(fault);
    const start = await this.dataOffset(entry);
    const raw = createReadStream(this.path, { start, end: start + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
    let source: Readable = raw;
    if (entry.method === 8) {
      const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
      raw.on('error', (e) => inflate.destroy(e));
      source = raw.pipe(inflate);
    }
    const cap = inflatedCap(entry.compressedSize, limits);
    let total = 0;
    let crc = 0;
    try {
      if (entry.compressedSize === 0) {
        if (entry.size !== 0) throw new ZipError('zip: entry size mismatch');
        return;
      }
      for await (const chunk of source as AsyncIterable<Buffer>) {
        total += chunk.length;
        // Refused as soon as it passes its declared size (which was checked against the limits), or the cap.
        if (total > entry.size) throw new LimitError('zip: entry inflates past its declared size');
        if (total > cap) throw new LimitError('zip: entry inflates too far');
        crc = crc32(chunk, crc);
        onRead?.(start + raw.bytesRead);
        yield chunk;
      }
      if (total !== entry.size) throw new ZipError('zip: entry size mismatch');
      if (crc !== entry.crc) throw new ZipError('zip: CRC mismatch');
    } finally {
      raw.destroy();
      source.destroy();
    }
  }

  /** A small entry (a workbook's index, its relations) whole, as text. */
  async text(entry: ZipEntry, maxBytes = 4 * 1024 * 1024): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.read(entry, { maxEntryBytes: maxBytes, maxRatio: DEFAULT_ZIP_LIMITS.maxRatio })) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}
