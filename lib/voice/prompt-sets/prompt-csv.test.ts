import { describe, expect, it } from "vitest";
import { formatPromptCsv, parsePromptCsv } from "@/lib/voice/prompt-sets/prompt-csv";
import { MAX_PROMPTS_PER_SET } from "@/lib/voice/prompt-sets/schemas";

describe("prompt CSV", () => {
  it("numbers rows as a spreadsheet shows them, a quoted line break included", () => {
    const parsed = parsePromptCsv('name,text\nwelcome,"Hello,\nworld"\nBad Name,Hi\n', 1000);
    expect(parsed).toEqual({
      ok: false,
      total: 1,
      errors: [{ row: 3, message: expect.stringMatching(/^name may contain only/) }],
    });
  });

  it("reports one error per cell and every bad row, in order", () => {
    const parsed = parsePromptCsv("name,text\n,\nok,fine\nok,again\n", 1000);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => [e.row, e.message.split(" ")[0]])).toEqual([
      [2, "name"],
      [2, "text"],
      [4, "name"],
    ]);
  });

  it("holds the text limit and the set size", () => {
    const long = parsePromptCsv(`name,text\na,${"x".repeat(11)}\n`, 10);
    expect(long.ok || long.errors[0]).toMatchObject({ row: 2, message: "text must be at most 10 characters" });
    const rows = Array.from({ length: MAX_PROMPTS_PER_SET + 1 }, (_, i) => `p${i},hi`).join("\n");
    const tooMany = parsePromptCsv(`name,text\n${rows}\n`, 1000);
    expect(tooMany.ok || tooMany.errors[0].message).toMatch(/at most 500 prompts/);
  });

  it("stops at the prompt limit on the issue's hostile file: a million one-column rows in 2 MB", () => {
    const hostile = "name,text\n" + "x\n".repeat(1_000_000);
    expect(parsePromptCsv(hostile, 1000)).toEqual({
      ok: false,
      total: 1,
      errors: [
        { row: MAX_PROMPTS_PER_SET + 2, message: expect.stringMatching(/at most 500 prompts; this file has more/) },
      ],
    });
  });

  it("refuses a header of two million commas with a short answer", () => {
    const parsed = parsePromptCsv(",".repeat(2 * 1024 * 1024), 1000);
    expect(parsed).toEqual({
      ok: false,
      total: 1,
      errors: [{ row: 1, message: "A row may have at most 50 columns." }],
    });
    const wide = parsePromptCsv(Array.from({ length: 40 }, (_, i) => `column${i}`).join(",") + "\n", 1000);
    expect(wide.ok || wide.errors[0].message.length).toBeLessThan(300);
  });

  it("stops at a cell longer than twice the text limit, naming its row", () => {
    const rows = Array.from({ length: 500 }, (_, i) => `p${i},${"y".repeat(i === 3 ? 21 : 5)}`).join("\n");
    expect(parsePromptCsv(`name,text\n${rows}\n`, 10)).toEqual({
      ok: false,
      total: 1,
      errors: [{ row: 5, message: "A cell may hold at most 20 characters." }],
    });
  });

  it("caps the row errors at the first 20 and counts them all", () => {
    const rows = Array.from({ length: 500 }, () => "Bad Name,").join("\n");
    const parsed = parsePromptCsv(`name,text\n${rows}\n`, 1000);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(20);
    expect(parsed.errors[0].row).toBe(2);
    expect(parsed.total).toBe(1000);
  });

  it("reads back what it writes, awkward text included", () => {
    const prompts = [
      { name: "a", text: 'Say "one", then two' },
      { name: "b", text: "Line\nbreak, comma; and ünïcode 🎉" },
    ];
    expect(parsePromptCsv(formatPromptCsv(prompts), 1000)).toEqual({ ok: true, prompts });
  });

  it("exports formula-looking texts neutralised and re-imports them unchanged, every prefix", () => {
    const prompts = [
      '=HYPERLINK("http://evil","x")',
      "+cmd|' /C calc'!A0",
      "-2+3",
      "@SUM(A1:A2)",
      "\tTab first",
      "\rCR first",
      "'=already quoted",
    ].map((text, i) => ({
      name: `p${i}`,
      text,
    }));
    const csv = formatPromptCsv(prompts);
    for (const line of csv.split("\n").slice(1, -1)) expect(line.split(",")[1] ?? "").not.toMatch(/^"?[=+\-@\t\r]/);
    expect(parsePromptCsv(csv, 1000)).toEqual({ ok: true, prompts });
  });
});
