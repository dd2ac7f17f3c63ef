import 'server-only';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { attribute, XmlScanner, type XmlHandler } from './xml-scan';
import { declaredFault, DEFAULT_ZIP_LIMITS, LimitError, ZipFile, zipEntriesOf, type ZipEntry, type ZipLimits } from './zip-entries';

/**
 * The rows of an XLSX file's first worksheet, streamed (ADR 0034, ADR 0042). The upload is copied to
 * a temporary file and its parts found through the zip's central directory, so the shared strings
 * are read before the worksheet wherever the zip stores them. The shared strings are held compactly —
 * their UTF-8 bytes in one growing buffer and an offset per string — not as one JS string each; the
 * worksheet is then scanned a chunk at a time, one row held. Cells come as text: shared and inline
 * strings (rich-text runs joined, phonetic runs left out), numbers as JavaScript writes them, booleans
 * as 1/0, a formula by its cached result; a cell's column comes from its reference (`C7`), so empty
 * cells left out of the file are empty strings in the row.
 */

export class XlsxError extends Error {}

/**
 * What the reader takes of a workbook. Every shared string, row and cell counts, empty or not, so
 * that a small file of many empty elements (`<si/>`, `<row/>`, `<c/>`) is refused early instead of
 * being read for minutes; the shared strings, the one part held in memory, are bounded in count and
 * in bytes. A 100,000-row catalogue (exceljs: 6.9 MiB; its sheet 45 MB and its 300,000 shared strings
 * 9 MB inflated) is well inside them.
 */
export interface XlsxLimits extends ZipLimits {
  /** Columns a row may have (its last cell's column). */
  maxColumns: number;
  /** Characters a cell may hold (Excel's own limit). */
  maxCellChars: number;
  /** Bytes the shared strings may take in memory: their text and SHARED_STRING_OVERHEAD bytes each. */
  maxSharedBytes: number;
  /** Shared strings (distinct texts) a workbook may have. */
  maxSharedStrings: number;
  /** Bytes the shared strings' part may inflate to. */
  maxSharedXmlBytes: number;
  /** Rows of the sheet (Excel's own limit), empty ones too. */
  maxRows: number;
  /** Cells of the sheet, empty ones too. */
  maxCells: number;
}

/** What a shared string costs besides its text: its offset, and the bookkeeping of one more entry. */
export const SHARED_STRING_OVERHEAD = 8;

export const XLSX_LIMITS: XlsxLimits = {
  ...DEFAULT_ZIP_LIMITS, maxColumns: 1024, maxCellChars: 32_767, maxSharedBytes: 128 * 1024 * 1024,
  maxSharedStrings: 1_000_000, maxSharedXmlBytes: 256 * 1024 * 1024, maxRows: 1_048_576, maxCells: 16 * 1_048_576,
};

export interface SheetRow {
  rowNo: number;
  cells: string[];
}

/** Strings by index, as UTF-8 bytes in one buffer with an offset table. */
export class SharedStrings {
  private bytes = Buffer.allocUnsafe(1024 * 1024);
  private used = 0;
  private offsets = new Uint32Array(16 * 1024);
  private size = 0;

  constructor(private readonly maxBytes: number, private readonly maxCount: number = Number.MAX_SAFE_INTEGER) {}

  get count(): number {
    return this.size;
  }

  add(text: string): void {
    const length = Buffer.byteLength(text);
    if (this.size >= this.maxCount) throw new LimitError('xlsx: too many shared strings');
    if (this.used + length + (this.size + 1) * SHARED_STRING_OVERHEAD > this.maxBytes) throw new LimitError('xlsx: shared strings too large');
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.size + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.size += 1;
    this.offsets[this.size] = this.used;
  }

  get(index: number): string {
    if (!(index >= 0 && index < this.size)) throw new XlsxError(`xlsx: no shared string ${index}`);
    return this.bytes.toString('utf8', this.offsets[index], this.offsets[index + 1]);
  }
}

/** The 0-based column of a cell reference (`AB12` → 27), or -1 when it has no letters. */
export function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else break;
    if (column > 1_000_000) return column;
  }
  return i === 0 ? -1 : column - 1;
}

/** Collects the text of `<t>` runs inside an element, leaving out phonetic runs (`<rPh>`). */
class RunText {
  text = '';
  private inT = false;
  private phonetic = 0;

  constructor(private readonly maxChars: number) {}

  open(name: string, selfClosing: boolean): boolean {
    if (name === 't' && this.phonetic === 0 && !selfClosing) this.inT = true;
    else if (name === 'rPh' && !selfClosing) this.phonetic += 1;
    return this.inT;
  }

  close(name: string): boolean {
    if (name === 't') this.inT = false;
    else if (name === 'rPh' && this.phonetic > 0) this.phonetic -= 1;
    return this.inT;
  }

  add(text: string): void {
    this.text += text;
    if (this.text.length > this.maxChars) throw new LimitError('xlsx: a cell too long');
  }

  reset(): void {
    this.text = '';
    this.inT = false;
    this.phonetic = 0;
  }
}

async function scan(zip: ZipFile, entry: ZipEntry, handler: XmlHandler, limits: ZipLimits): Promise<void> {
  const none = (): SheetRow[] => [];
  for await (const rows of scanRows(zip, entry, handler, limits, none)) if (rows.length > 0) throw new XlsxError(`xlsx: unexpected row ${rows[0]!.rowNo}`);
}

/**
 * The rows the handler finished, chunk by chunk of the part: a chunk's rows come together, so that
 * the reader's caller steps through one generator per row, not every one between it and the part.
 */
async function* scanRows(zip: ZipFile, entry: ZipEntry, handler: XmlHandler, limits: ZipLimits, take: () => SheetRow[], onRead?: (position: number) => void): AsyncGenerator<SheetRow[]> {
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of zip.read(entry, limits, onRead)) {
    scanner.write(decoder.decode(chunk, { stream: true }));
    yield take();
  }
  scanner.write(decoder.decode());
  scanner.end();
  yield take();
}

async function readSharedStrings(zip: ZipFile, entry: ZipEntry, limits: XlsxLimits): Promise<SharedStrings> {
  const store = new SharedStrings(limits.maxSharedBytes, limits.maxSharedStrings);
  const run = new RunText(limits.maxCellChars);
  const handler: XmlHandler = {
    wantText: false,
    open(name, _tag, selfClosing) {
      if (name === 'si') run.reset();
      else handler.wantText = run.open(name, selfClosing);
    },
    close(name) {
      if (name === 'si') store.add(run.text);
      else handler.wantText = run.close(name);
    },
    text(text) {
      run.add(text);
    },
  };
  await scan(zip, entry, handler, { ...limits, maxEntryBytes: Math.min(limits.maxEntryBytes, limits.maxSharedXmlBytes) });
  return store;
}

/** The first worksheet's part (by the workbook's sheet order) and the shared strings' part. */
async function parts(zip: ZipFile): Promise<{ sheet: ZipEntry; shared: ZipEntry | null }> {
  const workbook = zip.entries.get('xl/workbook.xml');
  const rels = zip.entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook) throw new XlsxError('xlsx: no workbook');
  let firstSheetRel: string | null = null;
  const targets = new Map<string, string>();
  let sharedTarget: string | null = null;
  const collect = (onOpen: (name: string, tag: string) => void) => ({ wantText: false, open: onOpen, close: () => undefined, text: () => undefined });
  new XmlScanner(collect((name, tag) => {
    if (name === 'sheet' && firstSheetRel === null) firstSheetRel = attribute(tag, 'r:id') ?? attribute(tag, 'id');
  })).write(await zip.text(workbook));
  if (rels) {
    new XmlScanner(collect((name, tag) => {
      if (name !== 'Relationship') return;
      const id = attribute(tag, 'Id');
      const target = attribute(tag, 'Target');
      if (!id || !target) return;
      targets.set(id, target);
      if ((attribute(tag, 'Type') ?? '').endsWith('/sharedStrings')) sharedTarget = target;
    })).write(await zip.text(rels));
  }
  const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`));
  const byRel = firstSheetRel === null ? undefined : targets.get(firstSheetRel);
  let sheet = byRel ? zip.entries.get(partName(byRel)) : undefined;
  if (!sheet) {
    const names = [...zip.entries.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    names.sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
    sheet = names[0] === undefined ? undefined : zip.entries.get(names[0]);
  }
  if (!sheet) throw new XlsxError('xlsx: no worksheet');
  const shared = zip.entries.get(sharedTarget ? partName(sharedTarget) : 'xl/sharedStrings.xml') ?? null;
  return { sheet, shared };
}

function numberText(v: string): string {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? String(n) : '';
}

/** The rows of the first worksheet of the XLSX file at `file`, a chunk's at a time; `onRead` follows the position in the file. */
async function* sheetRowChunks(file: string, limits: XlsxLimits, onRead?: (position: number) => void): AsyncGenerator<SheetRow[]> {
  const zip = await ZipFile.open(file);
  try {
    const { sheet, shared } = await parts(zip);
    const strings = shared ? await readSharedStrings(zip, shared, limits) : new SharedStrings(0);
    const ready: SheetRow[] = [];
    const run = new RunText(limits.maxCellChars);
    let rowNo = 0;
    let rowsSeen = 0;
    let cellsSeen = 0;
    let cells: string[] = [];
    let column = -1;
    let type = '';
    let value = '';
    let inValue = false;
    let inInline = false;
    let inCell = false;
    let inData = false;
    const handler: XmlHandler = {
      wantText: false,
      open(name, tag, selfClosing) {
        if (name === 'c') {
          if (!inData) return;
          if (++cellsSeen > limits.maxCells) throw new LimitError('xlsx: too many cells');
          const ref = attribute(tag, 'r');
          const at = ref === null ? column + 1 : columnOf(ref);
          if (at < 0) throw new XlsxError(`xlsx: bad cell reference ${ref}`);
          if (at >= limits.maxColumns) throw new LimitError('xlsx: too many columns');
          column = at;
          type = attribute(tag, 't') ?? 'n';
          value = '';
          inCell = !selfClosing;
        } else if (name === 'row') {
          if (!inData) return;
          if (++rowsSeen > limits.maxRows) throw new LimitError('xlsx: too many rows');
          const r = attribute(tag, 'r');
          rowNo = r === null ? rowNo + 1 : Number(r);
          if (!Number.isInteger(rowNo) || rowNo < 1) throw new XlsxError('xlsx: bad row number');
          cells = [];
          column = -1;
        } else if (name === 'sheetData') {
          inData = !selfClosing;
        } else if (inCell) {
          if (name === 'v' && !selfClosing) {
            inValue = true;
            handler.wantText = true;
          } else if (name === 'is') {
            inInline = !selfClosing;
            run.reset();
          } else if (inInline) handler.wantText = run.open(name, selfClosing);
        }
      },
      close(name) {
        if (name === 'c') {
          if (!inData) return;
          let text: string;
          if (type === 's') text = value.trim() === '' ? '' : strings.get(Number(value));
          else if (type === 'inlineStr') text = run.text;
          else if (type === 'str') text = value;
          else if (type === 'b') text = value.trim() === '1' || value.trim() === 'true' ? '1' : '0';
          else if (type === 'd') text = value.slice(0, 10);
          else if (type === 'e') text = '';
          else text = numberText(value);
          while (cells.length < column) cells.push('');
          cells[column] = text;
          inCell = false;
          inInline = false;
          inValue = false;
          handler.wantText = false;
          run.reset();
        } else if (name === 'row') {
          if (inData) ready.push({ rowNo, cells });
        } else if (name === 'sheetData') {
          inData = false;
        } else if (name === 'v') {
          inValue = false;
          handler.wantText = false;
        } else if (name === 'is') {
          inInline = false;
          handler.wantText = false;
        } else if (inInline) handler.wantText = run.close(name);
      },
      text(text) {
        if (inValue) {
          value += text;
          if (value.length > limits.maxCellChars) throw new LimitError('xlsx: a cell too long');
        } else if (inInline) run.add(text);
      },
    };
    const take = (): SheetRow[] => ready.splice(0, ready.length);
    yield* scanRows(zip, sheet, handler, limits, take, onRead);
  } finally {
    await zip.close();
  }
}

/** The rows of the first worksheet of the XLSX file at `file`; `onRead` follows the position in the file. */
export async function* xlsxFileRows(file: string, limits: XlsxLimits = XLSX_LIMITS, onRead?: (position: number) => void): AsyncGenerator<SheetRow> {
  for await (const rows of sheetRowChunks(file, limits, onRead)) for (const row of rows) yield row;
}

/**
 * Why an uploaded XLSX file is over the reader's limits by the sizes its zip declares, or null: a
 * part that would inflate past its limit, or too far for its stored size. Read from the zip's
 * central directory alone (no part is inflated), so the upload is answered at once; the reader
 * holds every part to its declared size as it inflates it. A file that is no zip is left to the
 * import job, which reports it unreadable.
 */
export async function xlsxUploadFault(bytes: Uint8Array, limits: XlsxLimits = XLSX_LIMITS): Promise<string | null> {
  let entries: Map<string, ZipEntry>;
  try {
    entries = await zipEntriesOf(bytes);
  } catch {
    return null;
  }
  for (const entry of entries.values()) {
    const shared = /(^|\/)sharedStrings\d*\.xml$/i.test(entry.name);
    const fault = declaredFault(entry, shared ? { ...limits, maxEntryBytes: Math.min(limits.maxEntryBytes, limits.maxSharedXmlBytes) } : limits);
    if (fault) return fault;
  }
  return null;
}

/**
 * The rows of an XLSX stream: copied to a temporary file (the zip's index is at its end), read from
 * there, the file removed when the rows end or the reader stops.
 */
export async function* xlsxStreamRows(input: Readable, onRead?: (position: number) => void, limits: XlsxLimits = XLSX_LIMITS): AsyncGenerator<SheetRow> {
  const dir = await mkdtemp(path.join(tmpdir(), 'import-xlsx-'));
  try {
    const file = path.join(dir, 'upload.xlsx');
    await pipeline(input, createWriteStream(file));
    for await (const rows of sheetRowChunks(file, limits, onRead)) for (const row of rows) yield row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
