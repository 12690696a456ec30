import { describe, expect, it } from "vitest";
import { formatCsv } from "@/lib/platform/csv/format-csv";
import { readCsvRecords } from "@/lib/platform/csv/read-csv-records";
import { neutraliseSpreadsheetCell, restoreSpreadsheetCell } from "@/lib/platform/csv/spreadsheet-cell";

const PREFIXES = ["=", "+", "-", "@", "\t", "\r"];

describe("spreadsheet-safe cells", () => {
  it.each(PREFIXES)("neutralises a cell starting with %j and restores it exactly", (prefix) => {
    for (const value of [
      `${prefix}HYPERLINK("http://x","y")`,
      `${prefix}`,
      `'${prefix}1+2`,
      `''${prefix}cmd|' /C calc'!A0`,
    ]) {
      const written = neutraliseSpreadsheetCell(value);
      expect(written).toBe(`'${value}`);
      expect(restoreSpreadsheetCell(written)).toBe(value);
    }
  });

  it("leaves ordinary cells alone, an apostrophe that starts a word included", () => {
    for (const value of ["Hello", "'Tis the season", "''", "", "1-2", "a=b", " =not first"]) {
      expect(neutraliseSpreadsheetCell(value)).toBe(value);
      expect(restoreSpreadsheetCell(value)).toBe(value);
    }
  });

  it("writes no cell a spreadsheet would run, and reads every one back through a real CSV", () => {
    const texts = PREFIXES.flatMap((p) => [`${p}SUM(1,2)`, `'${p}x`, `${p}"quoted", and, commas`]);
    const csv = formatCsv(
      ["text"],
      texts.map((t) => [t]),
    );
    const read = readCsvRecords(csv, { maxRecords: 100, maxCells: 5, maxCellChars: 1000 });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const cells = read.records.slice(1).map((r) => r[0]);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells.map(restoreSpreadsheetCell)).toEqual(texts);
  });
});
