import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { invoiceOfd, zipOf } from '../../../../test/invoice-files';
import { acceptUpload, detectFileType, keptFileName, recordUpload, safeFileName, zipHasEntry, type UploadRules } from './upload';

const root = mkdtempSync(path.join(tmpdir(), 'upload-'));
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  process.env.FILES_DIR = root;
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3366cc' } }).png().toBuffer();
});

afterAll(() => {
  delete process.env.FILES_DIR;
  rmSync(root, { recursive: true, force: true });
});

const rules = (over: Partial<UploadRules> = {}): UploadRules => ({ accept: 'document', maxBytes: 64 * 1024, tooLarge: 'testTooLarge', place: (name) => `t/${name}`, ...over });

async function refusal(run: Promise<unknown>): Promise<{ code: number; messageKey: string }> {
  const error: unknown = await run.then(() => null, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`not refused with an AppError: ${String(error)}`);
  return { code: error.code, messageKey: error.messageKey };
}

describe('acceptUpload', () => {
  it('re-encodes an image, writes it under the placed key and answers what it wrote', async () => {
    const withTail = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    const upload = await acceptUpload(withTail, rules({ side: 10 }));
    expect(upload).toMatchObject({ type: 'png', ext: 'png', contentType: 'image/png' });
    expect(upload.key).toMatch(/^t\/[0-9a-f-]{36}\.png$/);
    const stored = readFileSync(path.join(root, upload.key));
    expect(stored.byteLength).toBe(upload.size);
    expect(stored.includes('<script>')).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 10, height: 5, format: 'png' });
  });

  it('keeps a PDF as sent', async () => {
    const upload = await acceptUpload(pdf, rules({ accept: 'pdf' }));
    expect(upload).toMatchObject({ type: 'pdf', ext: 'pdf', contentType: 'application/pdf', size: pdf.byteLength });
    expect(readFileSync(path.join(root, upload.key))).toEqual(pdf);
  });

  it('refuses empty (400), too large (413) and other types (415) with the caller\'s messages, asking no key', async () => {
    let placed = 0;
    const counted = (over: Partial<UploadRules>) => rules({ ...over, place: (name) => { placed += 1; return `t/${name}`; } });
    expect(await refusal(acceptUpload(new Uint8Array(), counted({})))).toEqual({ code: 400, messageKey: 'fileEmpty' });
    expect(await refusal(acceptUpload(Buffer.concat([png, Buffer.alloc(64 * 1024)]), counted({})))).toEqual({ code: 413, messageKey: 'testTooLarge' });
    expect(await refusal(acceptUpload(Buffer.from('<svg onload="x()"/>'), counted({})))).toEqual({ code: 415, messageKey: 'fileTypeRefused' });
    expect(await refusal(acceptUpload(pdf, counted({ accept: 'image', refused: 'testImageOnly' })))).toEqual({ code: 415, messageKey: 'testImageOnly' });
    expect(await refusal(acceptUpload(png, counted({ accept: 'pdf', refused: 'testPdfOnly' })))).toEqual({ code: 415, messageKey: 'testPdfOnly' });
    const polyglot = Buffer.from('%PDF-1.4\n<html><body>x</body></html>\n%%EOF');
    expect(await refusal(acceptUpload(polyglot, counted({ refused: 'testRefused' })))).toEqual({ code: 415, messageKey: 'testRefused' });
    expect(await refusal(acceptUpload(Buffer.from('%PDF-1.4\nno end'), counted({})))).toEqual({ code: 415, messageKey: 'fileTypeRefused' });
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 7)]);
    expect(await refusal(acceptUpload(broken, counted({ refused: 'testRefused' })))).toEqual({ code: 415, messageKey: 'testRefused' });
    expect(placed).toBe(0);
  });

  it('takes an invoice as a PDF or an OFD (a ZIP holding OFD.xml), kept as sent, and nothing else', async () => {
    const ofd = invoiceOfd();
    const upload = await acceptUpload(ofd, rules({ accept: 'invoice' }));
    expect(upload).toMatchObject({ type: 'ofd', ext: 'ofd', contentType: 'application/ofd', size: ofd.byteLength });
    expect(new Uint8Array(readFileSync(path.join(root, upload.key)))).toEqual(ofd);
    expect((await acceptUpload(pdf, rules({ accept: 'invoice' }))).type).toBe('pdf');
    expect(await refusal(acceptUpload(png, rules({ accept: 'invoice', refused: 'testInvoice' })))).toEqual({ code: 415, messageKey: 'testInvoice' });
    expect(await refusal(acceptUpload(zipOf({ 'word/document.xml': '<w/>' }), rules({ accept: 'invoice', refused: 'testInvoice' })))).toEqual({ code: 415, messageKey: 'testInvoice' });
    expect(await refusal(acceptUpload(ofd, rules({ accept: 'document', refused: 'testRefused' })))).toEqual({ code: 415, messageKey: 'testRefused' });
  });

  it('writes nothing when placing the file throws', async () => {
    let key = '';
    const missing = acceptUpload(png, rules({ place: (name) => { key = `gone/${name}`; throw new AppError(404, 'testNotFound'); } }));
    expect(await refusal(missing)).toEqual({ code: 404, messageKey: 'testNotFound' });
    expect(key).toMatch(/^gone\//);
    expect(existsSync(path.join(root, key))).toBe(false);
  });
});

describe('file types and names', () => {
  it('tells the type by the first bytes alone', () => {
    expect(detectFileType(png)).toBe('png');
    expect(detectFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectFileType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(detectFileType(pdf)).toBe('pdf');
    expect(detectFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(detectFileType(invoiceOfd())).toBe('ofd');
    expect(detectFileType(zipOf({ 'Doc_0/OFD.xml': 'x' }))).toBeNull();
  });

  it('reads a ZIP\'s directory within its bytes: a truncated archive names nothing', () => {
    const ofd = invoiceOfd();
    expect(zipHasEntry(ofd, 'OFD.xml')).toBe(true);
    expect(zipHasEntry(ofd, 'ofd.xml')).toBe(false);
    for (let cut = 1; cut < ofd.byteLength; cut += 7) expect(zipHasEntry(ofd.subarray(0, ofd.byteLength - cut), 'OFD.xml')).toBe(false);
    expect(zipHasEntry(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), 'OFD.xml')).toBe(false);
  });

  it('names a file safely: the detected extension, or the sent name kept without separators', () => {
    expect(safeFileName('C:\\scans\\licence "final".JPEG', 'jpeg')).toBe('licence final.jpg');
    expect(safeFileName('../', 'pdf')).toBe('file.pdf');
    expect(keptFileName('a/b\\c\u0000.PDF', 'pdf', 'receipt')).toBe('abc.PDF');
    expect(keptFileName('\u0001', 'png', 'receipt')).toBe('receipt.png');
  });
});

describe('recordUpload', () => {
  it('keeps the file when its rows are recorded, and answers what the recording answers', async () => {
    const upload = await acceptUpload(pdf, rules());
    expect(await recordUpload(upload, async () => 7)).toBe(7);
    expect(existsSync(path.join(root, upload.key))).toBe(true);
  });

  it('removes the file again when the recording fails, and passes the failure on', async () => {
    const upload = await acceptUpload(pdf, rules());
    expect(existsSync(path.join(root, upload.key))).toBe(true);
    expect(await refusal(recordUpload(upload, async () => { throw new AppError(409, 'notNow'); }))).toEqual({ code: 409, messageKey: 'notNow' });
    expect(existsSync(path.join(root, upload.key))).toBe(false);
  });
});
