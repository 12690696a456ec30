import { describe, expect, it } from "vitest";
import { z } from "zod";
import { repeatedParam, searchParamsRecord, singleParam } from "@/lib/platform/http/search-params";
import { signInQuerySchema } from "@/lib/account/users/schemas";
import {
  hostedReturnQuerySchema,
  flowPageQuerySchema,
  linkProblemKindSchema,
  linkProblemQuerySchema,
} from "@/lib/verification/hosted-flow/query-schemas";

describe("query parameters", () => {
  const schema = z.object({ one: singleParam(z.enum(["a", "b"])), many: repeatedParam });

  it("keeps one value of its shape and every value of a repeatable parameter", () => {
    expect(schema.parse({ one: "a", many: ["x", "y"] })).toEqual({ one: "a", many: ["x", "y"] });
    expect(schema.parse({ many: "x" })).toEqual({ one: undefined, many: ["x"] });
  });

  it("ignores a value that is empty, repeated or not of its shape", () => {
    for (const one of ["", "c", ["a", "b"]]) expect(schema.parse({ one }).one).toBeUndefined();
  });

  it("reads a route's URL query in the shape a page gets, repeated keys as arrays", () => {
    expect(searchParamsRecord(new URLSearchParams("a=1&b=2&a=3&c="))).toEqual({ a: ["1", "3"], b: "2", c: "" });
  });
});

describe("the sign-in page's query", () => {
  it("reads next and error, ignoring repeats", () => {
    expect(signInQuerySchema.parse({ next: "/dashboard/sessions", error: "AccessDenied" })).toEqual({
      next: "/dashboard/sessions",
      error: "AccessDenied",
    });
    expect(signInQuerySchema.parse({ next: ["/a", "/b"] })).toEqual({ next: undefined, error: undefined });
  });
});

describe("the hosted flow's parameters", () => {
  it("shows only the notices the hosted-return route sends", () => {
    expect(flowPageQuerySchema.parse({ notice: "check_error" }).notice).toBe("check_error");
    expect(flowPageQuerySchema.parse({ notice: "<script>" }).notice).toBeUndefined();
  });

  it("knows the four link problems and nothing else", () => {
    expect(["used", "invalid", "expired", "closed"].map((r) => linkProblemKindSchema.safeParse(r).success)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(linkProblemKindSchema.safeParse("other").success).toBe(false);
    expect(linkProblemQuerySchema.parse({ ref: ["r1", "r2"] }).ref).toBeUndefined();
  });

  it("reads the card provider's return, a missing value as empty (it matches no check)", () => {
    expect(hostedReturnQuerySchema.parse(searchParamsRecord(new URLSearchParams("state=s1&check_id=c1")))).toEqual({
      state: "s1",
      check_id: "c1",
    });
    expect(hostedReturnQuerySchema.parse(searchParamsRecord(new URLSearchParams("state=s1&state=s2")))).toEqual({
      state: "",
      check_id: "",
    });
  });
});
