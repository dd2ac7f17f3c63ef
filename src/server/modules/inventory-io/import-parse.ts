import 'server-only';
import { CONTAINER_UNITS, type ImportIssueDto } from '@/contracts/inventory-io';
import { isDayInRange } from '@/contracts/dates';
import { normaliseCas } from '@/lib/cas';
import type { ContainerUnit, InventoryControlClass } from '@/server/db/schema/inventory';
import { serverMessages } from '@/server/messages';
import { STOCK_COLUMNS, stockColumnLabel, type StockColumn } from './import-columns';
import { PATH_SEPARATOR } from './location-paths';

/** One row of the file as read, before the database is asked (owners, catalogue, locations). */
export interface StockRow {
  row: number;
  nameZh: string;
  nameEn: string;
  cas: string;
  itemNo: string;
  lotNo: string;
  amount: string;
  unit: ContainerUnit;
  receivedOn: string;
  expiresOn: string | null;
  /** Building, room, cabinet names (one to three), or empty. */
  location: string[];
  ownerLogin: string;
  controlClass: InventoryControlClass | null;
  hazardous: boolean | null;
  note: string;
}

export type IssueKey = keyof ReturnType<typeof serverMessages>['inventoryIo']['import']['errors'];

/** An issue in both languages: `第 3 行「数量」：…` and `Row 3, Amount: …`. */
export function issue(row: number, column: StockColumn | 'file', key: IssueKey): ImportIssueDto {
  const text = (lang: 'zh' | 'en') => {
    const m = serverMessages(lang).inventoryIo.import;
    const where = column === 'file' ? m.fileIssue : m.rowIssue.replace('{row}', String(row)).replace('{column}', stockColumnLabel(column, lang));
    return `${where}${m.errors[key]}`;
  };
  return { row, column, messageZh: text('zh'), messageEn: text('en') };
}

const UNIT_ALIASES = new Map<string, ContainerUnit>([
  ...CONTAINER_UNITS.map((u) => [u.toLowerCase(), u] as [string, ContainerUnit]),
  ['ul', 'µL'], ['μl', 'µL'], ['微升', 'µL'], ['毫升', 'mL'], ['升', 'L'], ['毫克', 'mg'], ['克', 'g'], ['千克', 'kg'], ['公斤', 'kg'],
  ['个', 'ea'], ['瓶', 'ea'], ['盒', 'ea'], ['支', 'ea'], ['pcs', 'ea'], ['pc', 'ea'],
]);
const CONTROL_ALIASES = new Map<string, InventoryControlClass>([
  ['易制毒', 'precursor'], ['precursor', 'precursor'], ['易制爆', 'explosive'], ['explosive', 'explosive'], ['剧毒', 'toxic'], ['toxic', 'toxic'],
]);
const YES = new Set(['是', '有', 'y', 'yes', 'true', '1']);
const NO = new Set(['否', '无', 'n', 'no', 'false', '0']);

/** An Excel day number (1900 system) or `2026-03-01`, `2026/3/1`, `2026.3.1` as `yyyy-mm-dd`; null when none of them. */
export function parseDay(text: string): string | null {
  const serial = /^\d{5}(\.\d+)?$/.test(text) ? Number(text) : null;
  if (serial !== null) return new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!m) return null;
  const day = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  return isDayInRange(day) ? day : null;
}

/** A positive amount with at most four decimals, below the column's cap, as text; null otherwise. */
export function parseAmount(text: string): string | null {
  const clean = text.replace(/[,，\s]/g, '');
  if (!/^\d{1,10}(\.\d{1,4})?$/.test(clean)) return null;
  return Number(clean) > 0 ? clean.replace(/^0+(?=\d)/, '') : null;
}

/** The location's names from `Building / Room / Cabinet` (`/`, `>` or `\` between them). */
export function parseLocation(text: string): string[] | null {
  if (text === '') return [];
  const parts = text.split(/\s*[/>\\]\s*/).map((p) => p.trim());
  if (parts.length > 3 || parts.some((p) => p.length === 0 || p.length > 60)) return null;
  return parts;
}

export function locationText(names: readonly string[]): string {
  return names.join(PATH_SEPARATOR);
}

/**
 * A file's data rows checked on their own (the header maps the columns): each problem an issue naming
 * the row and the column in both languages. A row with an issue gives no StockRow.
 */
export function parseStockRows(header: Map<StockColumn, number>, rows: readonly { rowNo: number; cells: string[] }[], today: string): { rows: StockRow[]; issues: ImportIssueDto[] } {
  const out: StockRow[] = [];
  const issues: ImportIssueDto[] = [];
  for (const { rowNo, cells } of rows) {
    const get = (c: StockColumn) => {
      const i = header.get(c);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    if (STOCK_COLUMNS.every((c) => get(c) === '')) continue;
    const before = issues.length;
    const nameZh = get('name_zh');
    const nameEn = get('name_en');
    const itemNo = get('item_no');
    if (nameZh === '' && nameEn === '' && itemNo === '') issues.push(issue(rowNo, 'name_zh', 'nameRequired'));
    if (nameZh.length > 200) issues.push(issue(rowNo, 'name_zh', 'tooLong'));
    if (nameEn.length > 200) issues.push(issue(rowNo, 'name_en', 'tooLong'));
    const casText = get('cas');
    const cas = casText === '' ? '' : normaliseCas(casText);
    if (cas === null) issues.push(issue(rowNo, 'cas', 'badCas'));
    if (itemNo.length > 60) issues.push(issue(rowNo, 'item_no', 'tooLong'));
    const lotNo = get('lot_no');
    if (lotNo.length > 60) issues.push(issue(rowNo, 'lot_no', 'tooLong'));
    const amount = parseAmount(get('amount'));
    if (amount === null) issues.push(issue(rowNo, 'amount', get('amount') === '' ? 'amountRequired' : 'badAmount'));
    const unitText = get('unit');
    const unit = UNIT_ALIASES.get(unitText.toLowerCase()) ?? UNIT_ALIASES.get(unitText);
    if (!unit) issues.push(issue(rowNo, 'unit', unitText === '' ? 'unitRequired' : 'unknownUnit'));
    const receivedText = get('received_on');
    const receivedOn = receivedText === '' ? today : parseDay(receivedText);
    if (receivedOn === null) issues.push(issue(rowNo, 'received_on', 'badDate'));
    else if (receivedOn > today) issues.push(issue(rowNo, 'received_on', 'futureReceipt'));
    const expiresText = get('expires_on');
    const expiresOn = expiresText === '' ? null : parseDay(expiresText);
    if (expiresText !== '' && expiresOn === null) issues.push(issue(rowNo, 'expires_on', 'badDate'));
    const location = parseLocation(get('location'));
    if (location === null) issues.push(issue(rowNo, 'location', 'badLocation'));
    const controlText = get('control');
    const controlClass = controlText === '' ? null : CONTROL_ALIASES.get(controlText.toLowerCase()) ?? null;
    if (controlText !== '' && controlClass === null) issues.push(issue(rowNo, 'control', 'badControl'));
    const hazardText = get('hazardous').toLowerCase();
    const hazardous = hazardText === '' ? null : YES.has(hazardText) ? true : NO.has(hazardText) ? false : undefined;
    if (hazardous === undefined) issues.push(issue(rowNo, 'hazardous', 'badYesNo'));
    const note = get('note');
    if (note.length > 500) issues.push(issue(rowNo, 'note', 'tooLong'));
    if (issues.length > before || cas === null || amount === null || !unit || receivedOn === null || location === null || hazardous === undefined) continue;
    out.push({
      row: rowNo, nameZh, nameEn, cas, itemNo, lotNo, amount, unit, receivedOn, expiresOn: expiresText === '' ? null : expiresOn,
      location, ownerLogin: get('owner'), controlClass, hazardous, note,
    });
  }
  return { rows: out, issues };
}
