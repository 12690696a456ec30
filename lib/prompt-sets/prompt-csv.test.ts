import { describe, expect, it } from "vitest";
import { formatPromptCsv, parsePromptCsv } from "@/lib/prompt-sets/prompt-csv";
import { MAX_PROMPTS_PER_SET } from "@/lib/prompt-sets/schemas";

describe("prompt CSV", () => {
  it("numbers rows as a spreadsheet shows them, a quoted line break included", () => {
    const parsed = parsePromptCsv('name,text\nwelcome,"Hello,\nworld"\nBad Name,Hi\n', 1000);
    expect(parsed).toEqual({ ok: false, errors: [{ row: 3, message: expect.stringMatching(/^name may contain only/) }] });
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

  it("reads back what it writes, awkward text included", () => {
    const prompts = [
      { name: "a", text: 'Say "one", then two' },
      { name: "b", text: "Line\nbreak, comma; and ünïcode 🎉" },
    ];
    expect(parsePromptCsv(formatPromptCsv(prompts), 1000)).toEqual({ ok: true, prompts });
  });
});
