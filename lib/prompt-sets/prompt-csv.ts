import "server-only";
import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { buildPromptListSchema, MAX_PROMPTS_PER_SET, type PromptInput } from "@/lib/prompt-sets/schemas";

/** A CSV of prompts, as a spreadsheet saves one, is at most this big. */
export const MAX_PROMPT_CSV_BYTES = 2 * 1024 * 1024;

export type CsvRowError = { row: number; message: string };
export type ParsedPromptCsv = { ok: true; prompts: PromptInput[] } | { ok: false; errors: CsvRowError[] };

/**
 * A `name,text` CSV (header row first, columns in any order, other columns ignored) as the
 * set's ordered prompt list. Every bad row is reported with its row number as a spreadsheet
 * shows it (the header is row 1), so a designer can fix them all in one pass.
 */
export function parsePromptCsv(csv: string, maxTextLength: number): ParsedPromptCsv {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return { ok: false, errors: [{ row: line ?? 1, message: `Not valid CSV: ${error.message.replace(/^Invalid [^:]*: /, "")}` }] };
    }
    throw error;
  }
  if (records.length === 0) return { ok: false, errors: [{ row: 1, message: "The file is empty: it needs a header row name,text and a row per prompt." }] };

  const header = records[0].map((cell) => cell.trim().toLowerCase());
  const nameColumn = header.indexOf("name");
  const textColumn = header.indexOf("text");
  if (nameColumn < 0 || textColumn < 0) {
    return { ok: false, errors: [{ row: 1, message: `The header row must name the columns "name" and "text" (found: ${records[0].join(", ") || "nothing"}).` }] };
  }
  const rows = records.slice(1);
  if (rows.length > MAX_PROMPTS_PER_SET) {
    return { ok: false, errors: [{ row: MAX_PROMPTS_PER_SET + 2, message: `A set holds at most ${MAX_PROMPTS_PER_SET} prompts; this file has ${rows.length}.` }] };
  }
  // A spreadsheet's trailing spaces are not part of the file name.
  const prompts = rows.map((cells) => ({ name: (cells[nameColumn] ?? "").trim(), text: cells[textColumn] ?? "" }));
  const parsed = buildPromptListSchema(maxTextLength).safeParse(prompts);
  if (parsed.success) return { ok: true, prompts: parsed.data };

  // One error per cell (an empty text breaks two rules; the first says it all).
  const byCell = new Map<string, CsvRowError>();
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path;
    const error =
      typeof index === "number" ? { row: index + 2, message: `${String(field ?? "row")} ${issue.message}` } : { row: 1, message: issue.message };
    const cell = `${error.row}:${String(field)}`;
    if (!byCell.has(cell)) byCell.set(cell, error);
  }
  return { ok: false, errors: [...byCell.values()].sort((a, b) => a.row - b.row) };
}

/** The set's prompts as a `name,text` CSV that parsePromptCsv reads back unchanged. */
export function formatPromptCsv(prompts: { name: string; text: string }[]): string {
  return stringify(prompts.map((p) => [p.name, p.text]), { header: true, columns: ["name", "text"] });
}
