import { describe, expect, it } from "vitest";
import { decideAge } from "@/lib/verification/face/decide-age";

describe("decideAge: the challenge-age rule", () => {
  const at18 = (estimate: number, bufferYears = 7) => decideAge({ estimate, requiredAge: 18, bufferYears });

  it("passes only from required age plus the buffer", () => {
    expect(at18(25)).toEqual({ result: "pass", confidence: "low" });
    expect(at18(24.9).result).toBe("inconclusive");
    expect(at18(27)).toEqual({ result: "pass", confidence: "medium" });
    expect(at18(30)).toEqual({ result: "pass", confidence: "high" });
  });

  it("fails only when the estimate is under even with the buffer added", () => {
    expect(at18(10.9)).toEqual({ result: "fail", confidence: "low" });
    expect(at18(11).result).toBe("inconclusive");
    expect(at18(9)).toEqual({ result: "fail", confidence: "medium" });
    expect(at18(6)).toEqual({ result: "fail", confidence: "high" });
  });

  it("is inconclusive in between, which sends the user to the next method", () => {
    for (const estimate of [11, 15, 18, 21, 24]) expect(at18(estimate)).toEqual({ result: "inconclusive", confidence: "low" });
  });

  it("with no buffer decides at the required age itself", () => {
    expect(decideAge({ estimate: 16, requiredAge: 16, bufferYears: 0 }).result).toBe("pass");
    expect(decideAge({ estimate: 15.9, requiredAge: 16, bufferYears: 0 }).result).toBe("fail");
  });
});
