import { describe, expect, it } from "vitest";
import { ageRuleFor, decideAge, SHIPPED_AGE_RULES } from "@/lib/verification/methods/face/decide-age";

describe("decideAge: the challenge-age rule", () => {
  const rule = { passBuffer: 7, failBuffer: 5 };
  const at18 = (estimate: number) => decideAge({ estimate, requiredAge: 18, rule });

  it("passes only from required age plus the pass buffer", () => {
    expect(at18(25)).toEqual({ result: "pass", confidence: "low" });
    expect(at18(24.9).result).toBe("inconclusive");
    expect(at18(27)).toEqual({ result: "pass", confidence: "medium" });
    expect(at18(30)).toEqual({ result: "pass", confidence: "high" });
  });

  it("fails only when the estimate is under the required age by more than the fail buffer", () => {
    expect(at18(12.9)).toEqual({ result: "fail", confidence: "low" });
    expect(at18(13).result).toBe("inconclusive");
    expect(at18(11)).toEqual({ result: "fail", confidence: "medium" });
    expect(at18(8)).toEqual({ result: "fail", confidence: "high" });
  });

  it("is inconclusive in between, which sends the user to the next method", () => {
    for (const estimate of [13, 15, 18, 21, 24])
      expect(at18(estimate)).toEqual({ result: "inconclusive", confidence: "low" });
  });

  it("with no buffers decides at the required age itself", () => {
    const none = { passBuffer: 0, failBuffer: 0 };
    expect(decideAge({ estimate: 16, requiredAge: 16, rule: none }).result).toBe("pass");
    expect(decideAge({ estimate: 15.9, requiredAge: 16, rule: none }).result).toBe("fail");
  });
});

describe("ageRuleFor", () => {
  it("uses the measured rule of each required age unless one buffer is configured for all", () => {
    expect(ageRuleFor(18)).toEqual(SHIPPED_AGE_RULES[18]);
    expect(ageRuleFor(16)).toEqual(SHIPPED_AGE_RULES[16]);
    expect(ageRuleFor(16, 15)).toEqual({ passBuffer: 15, failBuffer: 15 });
  });
});
