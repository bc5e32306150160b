/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell that starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets. Our CSV
 * export writes such a cell with a leading `'`, which spreadsheets show as text. To stay lossless
 * through our own import, a cell that already starts with one or more `'` before such a character
 * gets one more, and the import takes exactly one off: export then import gives back every text.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA_START = /^''*[=+\-@\t\r]/;

/** The cell as the CSV export writes it. */
export function spreadsheetSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as our CSV export meant it: undoes `spreadsheetSafeCell`, and nothing else. */
export function readSpreadsheetCell(value: string): string {
  return ESCAPED_FORMULA_START.test(value) ? value.slice(1) : value;
}
