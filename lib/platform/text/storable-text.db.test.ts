import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { toStorableText, toStorableTextOrNull } from "@/lib/platform/text/storable-text";

describe("toStorableText", () => {
  it("replaces NUL and lone surrogates with U+FFFD one for one, and keeps everything else", () => {
    expect(toStorableText("a\u0000b")).toBe("a\uFFFDb");
    expect(toStorableText("x\uD800y\uDC00z")).toBe("x\uFFFDy\uFFFDz");
    expect(toStorableText("pair \uD83D\uDE00 é 日本")).toBe("pair \uD83D\uDE00 é 日本");
    expect(toStorableTextOrNull(null)).toBeNull();
  });

  it("makes text PostgreSQL refuses storable in a text column", async () => {
    const raw = "body\u0000with NUL";
    await expect(db.$queryRaw`SELECT ${raw}::text AS t`).rejects.toThrow();
    const [row] = await db.$queryRaw<{ t: string }[]>`SELECT ${toStorableText(raw)}::text AS t`;
    expect(row.t).toBe("body\uFFFDwith NUL");
  });
});
