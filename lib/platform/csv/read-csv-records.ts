/** How much of a CSV one request may make us read: the work is bounded before any row is checked. */
export type CsvLimits = {
  /** Non-empty records (header included) to read; one more only tells that the file goes on. */
  maxRecords: number;
  /** Cells in one record. */
  maxCells: number;
  /** Characters in one cell. */
  maxCellChars: number;
};

export type CsvRecords =
  | { ok: true; records: string[][]; /** The file has more records than maxRecords. */ more: boolean }
  | {
      ok: false;
      /** 1-based record number, as a spreadsheet numbers rows (header = 1). */ row: number;
      message: string;
    };

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Reads an RFC 4180 CSV (comma-separated, `"` quoting with `""` for a quote, LF, CRLF or CR
 * line ends, a UTF-8 BOM ignored, blank lines skipped) and stops at the first limit it meets.
 *
 * Written here rather than with csv-parse: csv-parse reads the whole input before its `to`
 * option takes effect and builds an error object for every row whose cell count differs from
 * the header, so a 2 MB file of a million one-cell rows, or of two million commas, held the
 * event loop for seconds. This reader stops at the record, cell or size limit, allocates nothing
 * for skipped blank lines, and is one linear pass over at most the body's bytes.
 */
export function readCsvRecords(text: string, limits: CsvLimits): CsvRecords {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const records: string[][] = [];
  while (i < n) {
    const first = text.charCodeAt(i);
    if (first === LF) {
      i++;
      continue;
    }
    if (first === CR) {
      i += text.charCodeAt(i + 1) === LF ? 2 : 1;
      continue;
    }
    if (records.length === limits.maxRecords) return { ok: true, records, more: true };
    const row = records.length + 1;
    const cells: string[] = [];
    for (;;) {
      if (cells.length === limits.maxCells)
        return { ok: false, row, message: `A row may have at most ${limits.maxCells} columns.` };
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        const parts: string[] = [];
        let start = i + 1;
        let size = 0;
        for (;;) {
          const quote = text.indexOf('"', start);
          if (quote < 0) return { ok: false, row, message: "Not valid CSV: a quoted cell is never closed." };
          parts.push(text.slice(start, quote));
          size += quote - start;
          if (size > limits.maxCellChars) break;
          if (text.charCodeAt(quote + 1) !== QUOTE) {
            i = quote + 1;
            break;
          }
          parts.push('"');
          size++;
          start = quote + 2;
        }
        if (size > limits.maxCellChars) return tooLong(row, limits);
        value = parts.join("");
        const next = text.charCodeAt(i);
        if (i < n && next !== COMMA && next !== LF && next !== CR) {
          return {
            ok: false,
            row,
            message: "Not valid CSV: a quoted cell is followed by more text before the next comma.",
          };
        }
      } else {
        const start = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c === COMMA || c === LF || c === CR) break;
          if (c === QUOTE) {
            return {
              ok: false,
              row,
              message:
                'Not valid CSV: a cell holds a quote but does not start with one (quote the whole cell and double the quote: "say ""hi""").',
            };
          }
          i++;
        }
        if (i - start > limits.maxCellChars) return tooLong(row, limits);
        value = text.slice(start, i);
      }
      cells.push(value);
      if (i >= n) break;
      const separator = text.charCodeAt(i);
      if (separator === COMMA) {
        i++;
        continue;
      }
      i += separator === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      break;
    }
    records.push(cells);
  }
  return { ok: true, records, more: false };
}

function tooLong(row: number, limits: CsvLimits): CsvRecords {
  return { ok: false, row, message: `A cell may hold at most ${limits.maxCellChars} characters.` };
}
