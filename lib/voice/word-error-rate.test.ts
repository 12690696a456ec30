import { describe, expect, it } from "vitest";
import { normaliseWords, numberWords, wordErrorRate, wordErrors } from "@/lib/voice/word-error-rate";

describe("word error rate", () => {
  it("spells numbers, money, times, ordinals and keys the way they are spoken", () => {
    expect(numberWords(1205)).toBe("one thousand two hundred five");
    expect(normaliseWords("For billing, press 2.")).toEqual(["for", "billing", "press", "two"]);
    expect(normaliseWords("Your balance is $4.50.").join(" ")).toBe("your balance is four dollars fifty cents");
    expect(normaliseWords("We open at 9:30 a.m. and close at 5:00 p.m.").join(" ")).toBe(
      "we open at nine thirty a m and close at five oclock p m",
    );
    expect(normaliseWords("nine thirty am, six pm")).toEqual(normaliseWords("nine thirty a.m., six p.m."));
    expect(normaliseWords("March 3rd, the 21st and 12th").join(" ")).toBe("march third the twenty first and twelfth");
    expect(normaliseWords("Press # or * then 0").join(" ")).toBe("press pound or star then zero");
    expect(normaliseWords("Code 0427").join(" ")).toBe("code zero four two seven");
    expect(normaliseWords("$1,250").join(" ")).toBe("one thousand two hundred fifty dollars");
  });

  it("counts substitutions, deletions and insertions", () => {
    expect(wordErrors(["press", "two", "now"], ["press", "two", "now"])).toBe(0);
    expect(wordErrors(["press", "two", "now"], ["press", "to", "now"])).toBe(1);
    expect(wordErrors(["press", "two", "now"], ["press", "now"])).toBe(1);
    expect(wordErrors(["press", "two"], ["please", "press", "two", "now"])).toBe(2);
    expect(wordErrors(["a", "b"], [])).toBe(2);
  });

  it("treats the written and the heard form of the same prompt as no error", () => {
    const result = wordErrorRate([
      { reference: "For sales, press 1. It costs $12.", hypothesis: "for sales press one it costs twelve dollars" },
    ]);
    expect(result).toEqual({ errors: 0, words: 8, rate: 0 });
  });

  it("pools errors over all prompts rather than averaging per-prompt rates", () => {
    const result = wordErrorRate([
      { reference: "press one", hypothesis: "press" },
      { reference: "please hold the line for the next agent", hypothesis: "please hold the line for the next agent" },
    ]);
    expect(result).toEqual({ errors: 1, words: 10, rate: 0.1 });
  });
});
