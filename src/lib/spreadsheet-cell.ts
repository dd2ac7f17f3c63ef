/**
 * Text for a spreadsheet cell that no spreadsheet program runs as a formula (docs/requirements/quality.md#s12-spreadsheet-exports: "exports
 * escape formula injection"): a value starting with `=`, `+`, `-`, `@`, a tab or a carriage return
 * gets a leading apostrophe, which Excel, LibreOffice and WPS read as "this is text".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field: quoted when it holds a separator, a quote or a line break; formula-escaped first. */
export function csvField(value: string): string {
  const text = escapeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
