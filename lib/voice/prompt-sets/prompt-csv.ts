import "server-only";
import { formatCsv } from "@/lib/platform/csv/format-csv";
import { readCsvRecords } from "@/lib/platform/csv/read-csv-records";
import { restoreSpreadsheetCell } from "@/lib/platform/csv/spreadsheet-cell";
import { buildPromptListSchema, MAX_PROMPTS_PER_SET, type PromptInput } from "@/lib/voice/prompt-sets/schemas";
import type { TextType } from "@/lib/voice/schemas";

/** A CSV of prompts, as a spreadsheet saves one, is at most this big. */
export const MAX_PROMPT_CSV_BYTES = 2 * 1024 * 1024;

/** Columns a row may have: name and text, plus what an archive's prompts.csv or a spreadsheet adds. */
const MAX_PROMPT_CSV_COLUMNS = 50;

/** Row errors returned (with the count of all of them); the first few are enough to start fixing. */
const MAX_CSV_ROW_ERRORS = 20;

export type CsvRowError = { row: number; message: string };
export type ParsedPromptCsv =
  | { ok: true; prompts: PromptInput[] }
  | {
      ok: false;
      /** The first MAX_CSV_ROW_ERRORS problems, by row. */ errors: CsvRowError[];
      /** Every problem found. */ total: number;
    };

/**
 * A `name,text` CSV (header row first, columns in any order, other columns ignored) as the
 * set's ordered prompt list. Bad rows are reported with their row number as a spreadsheet
 * shows it (the header is row 1), the first MAX_CSV_ROW_ERRORS of them with a count of all,
 * so a designer can fix them in one pass. Reading stops at the first row past the prompt
 * limit, or at a row with too many columns or an over-long cell, before any row is checked.
 */
export function parsePromptCsv(csv: string, maxTextLength: number, textType: TextType = "text"): ParsedPromptCsv {
  const read = readCsvRecords(csv, {
    maxRecords: MAX_PROMPTS_PER_SET + 1,
    maxCells: MAX_PROMPT_CSV_COLUMNS,
    // Twice the text limit: a text a little too long is named by the text limit's own message,
    // and a file of long cells stops at the first one instead of being validated row by row.
    maxCellChars: maxTextLength * 2,
  });
  if (!read.ok) return failed([{ row: read.row, message: read.message }]);
  const { records } = read;
  if (records.length === 0)
    return failed([{ row: 1, message: "The file is empty: it needs a header row name,text and a row per prompt." }]);

  const header = records[0].map((cell) => cell.trim().toLowerCase());
  const nameColumn = header.indexOf("name");
  const textColumn = header.indexOf("text");
  if (nameColumn < 0 || textColumn < 0) {
    const found = records[0].slice(0, 10).join(", ").slice(0, 200);
    return failed([
      {
        row: 1,
        message: `The header row must name the columns "name" and "text" (found: ${found || "nothing"}${records[0].length > 10 ? ", …" : ""}).`,
      },
    ]);
  }
  if (read.more) {
    return failed([
      {
        row: MAX_PROMPTS_PER_SET + 2,
        message: `A set holds at most ${MAX_PROMPTS_PER_SET} prompts; this file has more.`,
      },
    ]);
  }
  // A spreadsheet's trailing spaces are not part of the file name; an exported formula-looking
  // cell carries an apostrophe that is not part of the prompt.
  const prompts = records.slice(1).map((cells) => ({
    name: restoreSpreadsheetCell(cells[nameColumn] ?? "").trim(),
    text: restoreSpreadsheetCell(cells[textColumn] ?? ""),
  }));
  const parsed = buildPromptListSchema(maxTextLength, textType).safeParse(prompts);
  if (parsed.success) return { ok: true, prompts: parsed.data };

  // One error per cell (an empty text breaks two rules; the first says it all).
  const byCell = new Map<string, CsvRowError>();
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path;
    const error =
      typeof index === "number"
        ? { row: index + 2, message: `${String(field ?? "row")} ${issue.message}` }
        : { row: 1, message: issue.message };
    const cell = `${error.row}:${String(field)}`;
    if (!byCell.has(cell)) byCell.set(cell, error);
  }
  return failed([...byCell.values()].sort((a, b) => a.row - b.row));
}

function failed(errors: CsvRowError[]): ParsedPromptCsv {
  return { ok: false, errors: errors.slice(0, MAX_CSV_ROW_ERRORS), total: errors.length };
}

/** The set's prompts as a `name,text` CSV that parsePromptCsv reads back unchanged. */
export function formatPromptCsv(prompts: { name: string; text: string }[]): string {
  return formatCsv(
    ["name", "text"],
    prompts.map((p) => [p.name, p.text]),
  );
}
