/**
 * Spreadsheets (Excel, LibreOffice, Google Sheets) run a cell as a formula when it starts with
 * `=`, `+`, `-` or `@`, and some read a leading tab or CR the same way (OWASP's CSV injection
 * list). Every CSV the product writes prefixes such a cell with an apostrophe, which spreadsheets
 * treat as "this is text" and do not show; the importer strips exactly that apostrophe again.
 *
 * The rule is a bijection, so an export re-imports unchanged: a cell is prefixed when it starts
 * with any run of apostrophes followed by one of those characters (so `'=x` becomes `''=x`), and
 * the importer removes one apostrophe only from a cell of that same shape. A cell like `'Tis`
 * is never touched either way.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED_START = /^'+[=+\-@\t\r]/;

/** The cell as written to a CSV: a formula-looking cell gets a leading apostrophe. */
export function neutraliseSpreadsheetCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes neutraliseSpreadsheetCell: the cell as the product stored it. */
export function restoreSpreadsheetCell(value: string): string {
  return NEUTRALISED_START.test(value) ? value.slice(1) : value;
}
