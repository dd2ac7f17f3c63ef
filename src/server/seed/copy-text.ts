import 'server-only';

export type CopyValue = string | number | boolean | Date | object | null;

/**
 * One field in PostgreSQL's COPY text format: \N for NULL, and backslash, tab, newline and
 * carriage return escaped so a value can never split a row or a column.
 */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export function copyRow(values: readonly CopyValue[]): string {
  return `${values.map(copyField).join('\t')}\n`;
}
