import { describe, expect, it } from "vitest";
import { pageHref } from "@/lib/platform/paging/page-href";
import { sessionsQuerySchema } from "@/lib/edge/dashboard/schemas";

describe("pageHref", () => {
  it("leaves out absent and empty parameters, and repeats a list", () => {
    expect(pageHref("/dashboard/sessions", {})).toBe("/dashboard/sessions");
    expect(pageHref("/dashboard/sessions", { status: undefined, mode: "" })).toBe("/dashboard/sessions");
    expect(pageHref("/dashboard/sessions", { status: "passed", c: ["a b", "c&d"] })).toBe(
      "/dashboard/sessions?status=passed&c=a+b&c=c%26d",
    );
  });

  it("writes what the page's query schema reads back", () => {
    const query = { status: "failed" as const, mode: "test" as const, c: ["x/y=", "z"] };
    const href = pageHref("/dashboard/sessions", query);
    const params = new URL(href, "http://localhost").searchParams;
    expect(
      sessionsQuerySchema.parse({ status: params.get("status"), mode: params.get("mode"), c: params.getAll("c") }),
    ).toEqual(query);
  });
});
