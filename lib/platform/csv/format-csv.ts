import { stringify } from "csv-stringify/sync";
import { neutraliseSpreadsheetCell } from "@/lib/platform/csv/spreadsheet-cell";

/**
 * The one CSV writer: a header row, then one row per record, every cell neutralised so that a
 * spreadsheet opening the file runs no formula (see spreadsheet-cell.ts). Numbers are written
 * as they are (a negative number is data, not a formula, and none of ours is negative).
 */
export function formatCsv(columns: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const safe = rows.map((row) =>
    row.map((cell) => (typeof cell === "string" ? neutraliseSpreadsheetCell(cell) : cell)),
  );
  return stringify(safe, { header: true, columns: [...columns] });
}
