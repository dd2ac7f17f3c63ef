import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnOf, SHARED_STRING_OVERHEAD, SharedStrings, XLSX_LIMITS, xlsxFileRows, xlsxStreamRows, xlsxUploadFault, type SheetRow, type XlsxLimits } from './xlsx-rows';
import { LimitError } from './zip-entries';
import { attribute, XmlScanner } from './xml-scan';
import { zip, type Part } from '../../../../test/zip';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xlsx-rows-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook ${NS}><sheets><sheet name="Data" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId8"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/>
<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>
</Relationships>`;
const SHARED = `<?xml version="1.0" encoding="UTF-8"?><sst ${NS} count="4" uniqueCount="4">
<si><t>item_no</t></si>
<si><r><rPr><b/></rPr><t>硫</t></r><r><t xml:space="preserve">酸 &amp; co</t></r><rPh sb="0" eb="1"><t>リュウ</t></rPh></si>
<si/>
<si><t><![CDATA[a<b]]></t></si>
</sst>`;
const SHEET = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>price</t></is></c></row>
<row r="3" spans="1:5"><c r="A3" t="s"><v>1</v></c><c r="B3" t="s"><v>2</v></c><c r="C3"><v>12.50</v></c><c r="E3" t="b"><v>1</v></c></row>
<row><c t="inlineStr"><is><r><t>富</t></r><r><t>文本</t></r></is></c><c t="str"><f>A1&amp;"x"</f><v>item_nox</v></c><c t="s"><v>3</v></c><c r="D4" t="e"><v>#DIV/0!</v></c><c r="E4"/></row>
<row r="5"/>
</sheetData></worksheet>`;
const OTHER_SHEET = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>guide</t></is></c></row></sheetData></worksheet>`;

const EXPECTED: SheetRow[] = [
  { rowNo: 1, cells: ['item_no', '', 'price'] },
  { rowNo: 3, cells: ['硫酸 & co', '', '12.5', '', '1'] },
  { rowNo: 4, cells: ['富文本', 'item_nox', 'a<b', '', ''] },
  { rowNo: 5, cells: [] },
];

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

async function rows(file: string, limits: XlsxLimits = XLSX_LIMITS): Promise<SheetRow[]> {
  const all: SheetRow[] = [];
  for await (const row of xlsxFileRows(file, limits)) all.push(row);
  return all;
}

function workbookParts(order: 'strings-last' | 'strings-first'): Part[] {
  const head: Part[] = [{ name: 'xl/workbook.xml', data: WORKBOOK }, { name: 'xl/_rels/workbook.xml.rels', data: RELS }];
  const sheets: Part[] = [{ name: 'xl/worksheets/sheet1.xml', data: OTHER_SHEET }, { name: 'xl/worksheets/sheet2.xml', data: SHEET }];
  const strings: Part[] = [{ name: 'xl/sharedStrings.xml', data: SHARED }];
  return order === 'strings-last' ? [...head, ...sheets, ...strings] : [...strings, ...head, ...sheets];
}

describe('the XLSX sheet reader', () => {
  it('reads the first sheet of the workbook with shared strings stored after it, inline and rich text, types and gaps', async () => {
    expect(await rows(write('last.xlsx', zip(workbookParts('strings-last'))))).toEqual(EXPECTED);
  });

  it('reads the same when the shared strings come first, and from a stream', async () => {
    expect(await rows(write('first.xlsx', zip(workbookParts('strings-first'))))).toEqual(EXPECTED);
    const streamed: SheetRow[] = [];
    for await (const row of xlsxStreamRows(Readable.from([zip(workbookParts('strings-last'))]))) streamed.push(row);
    expect(streamed).toEqual(EXPECTED);
  });

  it('reads a stored (uncompressed) part and a workbook without relations (first sheet by its number)', async () => {
    const file = write('plain.xlsx', zip([
      { name: 'xl/workbook.xml', data: `<workbook ${NS}><sheets/></workbook>` },
      { name: 'xl/worksheets/sheet10.xml', data: OTHER_SHEET },
      { name: 'xl/worksheets/sheet2.xml', data: SHEET.replace(/t="s"><v>\d<\/v>/g, 't="n"><v>7</v>'), stored: true },
    ]));
    const result = await rows(file);
    expect(result[0]).toEqual({ rowNo: 1, cells: ['7', '', 'price'] });
  });

  it('reads what exceljs writes: shared strings, rich text, numbers, booleans, empty cells; the first sheet only', async () => {
    const file = path.join(dir, 'exceljs.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['item_no', 'name_zh', null, 'price']).commit();
    const row = sheet.addRow(['AB-1', { richText: [{ text: '乙' }, { text: '醇', font: { bold: true } }] }, true, 10.25]);
    row.getCell(7).value = 'far';
    row.commit();
    for (let i = 0; i < 2000; i += 1) sheet.addRow([`R-${i}`, `名称${i % 7}`, false, i]).commit();
    sheet.commit();
    const guide = workbook.addWorksheet('Guide');
    guide.addRow(['not data']).commit();
    guide.commit();
    await workbook.commit();
    const result = await rows(file);
    expect(result).toHaveLength(2002);
    expect(result[0]).toEqual({ rowNo: 1, cells: ['item_no', 'name_zh', '', 'price'] });
    expect(result[1]).toEqual({ rowNo: 2, cells: ['AB-1', '乙醇', '1', '10.25', '', '', 'far'] });
    expect(result[2001]).toEqual({ rowNo: 2002, cells: ['R-1999', '名称4', '0', '1999'] });
  });

  it('refuses what is not a zip, a truncated zip and a wrong CRC', async () => {
    await expect(rows(write('text.xlsx', Buffer.from('item_no,name_zh\nA,B\n')))).rejects.toThrow(/zip/);
    const whole = zip(workbookParts('strings-last'));
    await expect(rows(write('cut.xlsx', whole.subarray(0, whole.length - 40)))).rejects.toThrow(/zip/);
    const parts = workbookParts('strings-last').map((p) => (p.name === 'xl/worksheets/sheet2.xml' ? { ...p, crc: 1234 } : p));
    await expect(rows(write('crc.xlsx', zip(parts)))).rejects.toThrow(/CRC/);
    await expect(rows(write('nobook.xlsx', zip([{ name: 'word/document.xml', data: '<document/>' }])))).rejects.toThrow(/no workbook/);
  });

  it('refuses a part that inflates far beyond its stored size, or beyond the size limit (zip bombs)', async () => {
    const bomb = `<worksheet ${NS}><sheetData>${' '.repeat(30 * 1024 * 1024)}</sheetData></worksheet>`;
    const parts = workbookParts('strings-last').map((p) => (p.name === 'xl/worksheets/sheet2.xml' ? { ...p, data: bomb } : p));
    await expect(rows(write('bomb.xlsx', zip(parts)))).rejects.toThrow(/inflates too far/);
    await expect(rows(write('big.xlsx', zip(workbookParts('strings-last'))), { ...XLSX_LIMITS, maxEntryBytes: 200 })).rejects.toThrow(/too large|too far/);
  });

  it('refuses too many columns and an overlong cell', async () => {
    const wide = SHEET.replace('r="E3" t="b"', 'r="XFD3" t="b"');
    const parts = (sheet: string) => workbookParts('strings-last').map((p) => (p.name === 'xl/worksheets/sheet2.xml' ? { ...p, data: sheet } : p));
    await expect(rows(write('wide.xlsx', zip(parts(wide))))).rejects.toThrow(/too many columns/);
    const long = SHEET.replace('<t>price</t>', `<t>${'x'.repeat(40_000)}</t>`);
    await expect(rows(write('long.xlsx', zip(parts(long))))).rejects.toThrow(/too long/);
    const longValue = SHEET.replace('<v>12.50</v>', `<v>${'1'.repeat(40_000)}</v>`);
    await expect(rows(write('longv.xlsx', zip(parts(longValue))))).rejects.toThrow(/too long/);
    const doctype = SHEET.replace('<worksheet', '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet');
    await expect(rows(write('dtd.xlsx', zip(parts(doctype))))).rejects.toThrow(/document type/);
  });
});

/** The test workbook with its shared strings' part replaced (and its declared size, if given). */
function withShared(shared: string, size?: number): Buffer {
  return zip(workbookParts('strings-last').map((p) => (p.name === 'xl/sharedStrings.xml' ? { ...p, data: shared, size } : p)));
}

function withSheet(sheet: string): Buffer {
  return zip(workbookParts('strings-last').map((p) => (p.name === 'xl/worksheets/sheet2.xml' ? { ...p, data: sheet } : p)));
}

const emptyStrings = (n: number) => `<sst ${NS}>${'<si/>'.repeat(n)}</sst>`;

describe('the reader\'s limits: every shared string, row and cell counts', () => {
  it('refuses a small file whose shared strings are millions of empty entries, by its declared sizes, before inflating anything', async () => {
    // 6,000,000 empty strings: 30 MB of XML in a file of some 30 KB.
    const bytes = withShared(emptyStrings(6_000_000));
    expect(bytes.length).toBeLessThan(200_000);
    expect(await xlsxUploadFault(bytes)).toMatch(/sharedStrings\.xml inflates too far/);
    await expect(rows(write('empty-si.xlsx', bytes))).rejects.toBeInstanceOf(LimitError);
  });

  it('refuses a part as soon as it inflates past the size it declares', async () => {
    const lying = withShared(emptyStrings(6_000_000), 1000);
    expect(await xlsxUploadFault(lying)).toBeNull();
    await expect(rows(write('lying.xlsx', lying))).rejects.toThrow(/past its declared size/);
  });

  it('counts empty shared strings against the count and the memory limits', async () => {
    const loose = { ...XLSX_LIMITS, maxRatio: 100_000 };
    await expect(rows(write('many-si.xlsx', withShared(emptyStrings(2_000))), { ...loose, maxSharedStrings: 1_000 })).rejects.toThrow(/too many shared strings/);
    await expect(rows(write('bytes-si.xlsx', withShared(emptyStrings(2_000))), { ...loose, maxSharedBytes: 1_000 * SHARED_STRING_OVERHEAD })).rejects.toThrow(/shared strings too large/);
    await expect(rows(write('xml-si.xlsx', withShared(emptyStrings(2_000))), { ...loose, maxSharedXmlBytes: 5_000 })).rejects.toThrow(/too large/);
    const store = new SharedStrings(10 * SHARED_STRING_OVERHEAD);
    for (let i = 0; i < 10; i += 1) store.add('');
    expect(() => store.add('')).toThrow(LimitError);
  });

  it('counts every row and every cell, empty ones too', async () => {
    const loose = { ...XLSX_LIMITS, maxRatio: 100_000 };
    const emptyRows = `<worksheet ${NS}><sheetData>${'<row/>'.repeat(5_000)}</sheetData></worksheet>`;
    await expect(rows(write('rows.xlsx', withSheet(emptyRows)), { ...loose, maxRows: 4_999 })).rejects.toThrow(/too many rows/);
    expect(await rows(write('rows-ok.xlsx', withSheet(emptyRows)), { ...loose, maxRows: 5_000 })).toHaveLength(5_000);
    const emptyCells = `<worksheet ${NS}><sheetData><row r="1">${'<c/>'.repeat(1_000)}</row>${'<row><c/></row>'.repeat(1_000)}</sheetData></worksheet>`;
    await expect(rows(write('cells.xlsx', withSheet(emptyCells)), { ...loose, maxColumns: 2_000, maxCells: 1_999 })).rejects.toThrow(/too many cells/);
  });

  it('takes a 20,000-row workbook written by exceljs within the default limits', async () => {
    const file = path.join(dir, 'catalogue.xlsx');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: true });
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['item_no', 'name_zh', 'name_en', 'price']).commit();
    for (let i = 0; i < 20_000; i += 1) sheet.addRow([`BX-${i}`, `基准试剂${i}`, `Bench reagent ${i}`, 10 + (i % 500) / 4]).commit();
    sheet.commit();
    await workbook.commit();
    expect(await xlsxUploadFault(readFileSync(file))).toBeNull();
    let n = 0;
    for await (const row of xlsxFileRows(file)) n += row.cells.length > 0 ? 1 : 0;
    expect(n).toBe(20_001);
  });
});

describe('the pieces', () => {
  it('turns cell references into columns', () => {
    expect([columnOf('A1'), columnOf('Z9'), columnOf('AA10'), columnOf('XFD1'), columnOf('12')]).toEqual([0, 25, 26, 16383, -1]);
  });

  it('keeps shared strings by index, and refuses beyond its size', () => {
    const store = new SharedStrings(64);
    store.add('乙醇');
    store.add('');
    store.add('ethanol');
    expect([store.get(0), store.get(1), store.get(2), store.count]).toEqual(['乙醇', '', 'ethanol', 3]);
    expect(() => store.get(3)).toThrow(/no shared string/);
    expect(() => store.add('x'.repeat(60))).toThrow(/too large/);
  });

  it('scans the same whatever the chunks', () => {
    const events = (chunks: string[]) => {
      const seen: string[] = [];
      const scanner = new XmlScanner({
        wantText: true,
        open: (name, _tag, selfClosing) => seen.push(`<${name}${selfClosing ? '/' : ''}>`),
        close: (name) => seen.push(`</${name}>`),
        text: (text) => seen.push(text),
      });
      for (const chunk of chunks) scanner.write(chunk);
      scanner.end();
      // Text may come in pieces: join neighbouring pieces.
      return seen.reduce<string[]>((all, e) => {
        if (!e.startsWith('<') && all.length > 0 && !all[all.length - 1]!.startsWith('<')) all[all.length - 1] += e;
        else all.push(e);
        return all;
      }, []);
    };
    const xml = '<?xml version="1.0"?><!-- note --><a x="1>2"><b/>t&amp;u&#x4E59;<c>v</c><![CDATA[<w>]]></a>';
    const whole = events([xml]);
    expect(whole).toEqual(['<a>', '<b/>', '</b>', 't&u乙', '<c>', 'v', '</c>', '<w>', '</a>']);
    expect(events(xml.split(''))).toEqual(whole);
  });

  it('ends a tag at its first `>` outside a value in either quote, and reads attributes by their whole name', () => {
    const seen: string[] = [];
    const scanner = new XmlScanner({
      wantText: false,
      open: (name, tag) => seen.push(`${name}:${attribute(tag, 'r') ?? '-'}:${attribute(tag, 'r:id') ?? '-'}`),
      close: () => undefined,
      text: () => undefined,
    });
    const xml = `<x:c t='a>"b' r="A1"/><c tr="no" r='B&amp;2'></c><sheet name="S" r:id="rId3"/><c r=A3/>`;
    for (const chunk of xml.split('')) scanner.write(chunk);
    scanner.end();
    expect(seen).toEqual(['c:A1:-', 'c:B&2:-', 'sheet:-:rId3', 'c:-:-']);
  });
});
