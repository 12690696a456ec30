import { describe, expect, it } from "vitest";
import { readCsvRecords } from "@/lib/platform/csv/read-csv-records";

const limits = { maxRecords: 10, maxCells: 4, maxCellChars: 20 };

describe("readCsvRecords", () => {
  it("reads quoting, doubled quotes, CRLF, CR, a BOM and a trailing empty cell; skips blank lines", () => {
    const read = readCsvRecords('\uFEFFa,b\r\n"x, ""y""","line\nbreak"\r\r\n\nc,\n', limits);
    expect(read).toEqual({
      ok: true,
      more: false,
      records: [
        ["a", "b"],
        ['x, "y"', "line\nbreak"],
        ["c", ""],
      ],
    });
  });

  it("stops at the record limit and says the file goes on", () => {
    const read = readCsvRecords("h\n" + "x\n".repeat(1_000_000), limits);
    expect(read).toMatchObject({ ok: true, more: true });
    if (read.ok) expect(read.records).toHaveLength(10);
  });

  it("refuses a row with too many cells, naming the row", () => {
    expect(readCsvRecords("a,b\n" + ",".repeat(2 * 1024 * 1024), limits)).toEqual({
      ok: false,
      row: 2,
      message: "A row may have at most 4 columns.",
    });
  });

  it("refuses an over-long cell, quoted or not", () => {
    expect(readCsvRecords(`a\n${"x".repeat(21)}\n`, limits)).toMatchObject({
      ok: false,
      row: 2,
      message: expect.stringMatching(/at most 20 characters/),
    });
    expect(readCsvRecords(`a\n"${'""'.repeat(21)}"\n`, limits)).toMatchObject({ ok: false, row: 2 });
    expect(readCsvRecords(`a\n"${"x".repeat(2_000_000)}`, limits)).toMatchObject({
      ok: false,
      row: 2,
      message: expect.stringMatching(/never closed/),
    });
  });

  it("names the malformed quotes", () => {
    expect(readCsvRecords('a\n"open', limits)).toMatchObject({
      ok: false,
      row: 2,
      message: expect.stringMatching(/never closed/),
    });
    expect(readCsvRecords('a\n"x"y\n', limits)).toMatchObject({
      ok: false,
      row: 2,
      message: expect.stringMatching(/followed by more text/),
    });
    expect(readCsvRecords('a\nx"y\n', limits)).toMatchObject({
      ok: false,
      row: 2,
      message: expect.stringMatching(/does not start with one/),
    });
  });

  it("reads an empty file as no records", () => {
    expect(readCsvRecords("", limits)).toEqual({ ok: true, records: [], more: false });
    expect(readCsvRecords("\n\r\n", limits)).toEqual({ ok: true, records: [], more: false });
  });
});
