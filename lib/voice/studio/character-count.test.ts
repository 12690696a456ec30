import { describe, expect, it } from "vitest";
import { buildTtsRequestBodySchema } from "@/lib/voice/schemas";
import { characterCount } from "./character-count";

describe("characterCount", () => {
  it("counts code points as POST /tts does: an emoji is one character", () => {
    expect("📞".length).toBe(2);
    expect(characterCount("Press 1 📞", 1000).count).toBe(9);
    expect(characterCount("Café", 1000).count).toBe(4);
  });

  it("agrees with the API's validation exactly at the limit", () => {
    const schema = buildTtsRequestBodySchema(10);
    const body = (text: string) => ({ text, voice_id: "espeakEnUs" });
    const atLimit = "😀".repeat(10); // 20 UTF-16 units, 10 characters
    expect(characterCount(atLimit, 10)).toMatchObject({ count: 10, remaining: 0, over: false });
    expect(schema.safeParse(body(atLimit)).success).toBe(true);
    const overLimit = `${atLimit}!`;
    expect(characterCount(overLimit, 10)).toMatchObject({ count: 11, remaining: -1, over: true });
    expect(schema.safeParse(body(overLimit)).success).toBe(false);
  });

  it("says how far over the limit a script is", () => {
    expect(characterCount("x".repeat(1012), 1000).message).toBe("1,012 / 1,000 characters: 12 over the limit");
    expect(characterCount("", 1000).message).toBe("0 / 1,000 characters");
  });
});
