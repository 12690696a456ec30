import { describe, expect, it } from "vitest";
import { parseSessionSearch, sessionSearchFilter } from "@/lib/verification/dashboard/parse-session-search";

describe("parseSessionSearch", () => {
  it("reads a whole session id exactly", () => {
    expect(parseSessionSearch("  vs_3KcF9aZ  ")).toEqual({ kind: "id", id: "vs_3KcF9aZ" });
  });

  it("reads metadata as key:value, splitting at the first colon", () => {
    expect(parseSessionSearch("order:1003")).toEqual({ kind: "metadata", key: "order", value: "1003" });
    expect(parseSessionSearch("order : 1003")).toEqual({ kind: "metadata", key: "order", value: "1003" });
    expect(parseSessionSearch("return:https://shop.example/a")).toEqual({
      kind: "metadata",
      key: "return",
      value: "https://shop.example/a",
    });
  });

  it("says what the box takes for anything else", () => {
    expect(parseSessionSearch("vs_")).toMatchObject({
      kind: "invalid",
      message: expect.stringMatching(/whole session id/),
    });
    expect(parseSessionSearch("vs_abc-def")).toMatchObject({ kind: "invalid" });
    for (const raw of ["1003", ":1003", "order:", "order:   "]) {
      expect(parseSessionSearch(raw)).toEqual({
        kind: "invalid",
        message: "Search by a session id (vs_…) or by metadata as key:value, for example order:1003.",
      });
    }
  });
});

describe("sessionSearchFilter", () => {
  it("turns the search box and the days into list filters, both days included", () => {
    expect(sessionSearchFilter({ q: "order:1003", from: "2026-11-01", to: "2026-11-02" })).toEqual({
      filter: {
        metadata: { key: "order", value: "1003" },
        createdFrom: new Date("2026-11-01T00:00:00Z"),
        createdBefore: new Date("2026-11-03T00:00:00Z"),
      },
      errors: {},
    });
    expect(sessionSearchFilter({ q: "vs_abc", to: "2026-11-02" })).toEqual({
      filter: { id: "vs_abc", createdBefore: new Date("2026-11-03T00:00:00Z") },
      errors: {},
    });
    expect(sessionSearchFilter({ q: "  " })).toEqual({ filter: {}, errors: {} });
  });

  it("leaves out what cannot be searched, with a sentence for its field", () => {
    expect(sessionSearchFilter({ q: "1003", from: "2026-11-02", to: "2026-11-01" })).toEqual({
      filter: {},
      errors: {
        q: "Search by a session id (vs_…) or by metadata as key:value, for example order:1003.",
        to: "The end date is before the start date. Choose a day on or after it.",
      },
    });
    // One day: from and to the same day is that day.
    expect(sessionSearchFilter({ from: "2026-11-02", to: "2026-11-02" }).errors).toEqual({});
  });
});

describe("hostile search input", () => {
  it("refuses control characters, NUL included, with the box's message", () => {
    for (const q of ["k:\u0000", "\u0000", "order:10\u000703"]) {
      expect(sessionSearchFilter({ q })).toEqual({
        filter: {},
        errors: { q: "The search cannot contain control characters. Type or paste it again." },
      });
    }
  });

  it("refuses days PostgreSQL cannot hold, and reads the last day as no end", () => {
    expect(sessionSearchFilter({ from: "0000-01-01" })).toEqual({
      filter: {},
      errors: { from: "Choose a day from 1970-01-01 to 9999-12-31." },
    });
    expect(sessionSearchFilter({ from: "1969-12-31", to: "2026-11-02" })).toEqual({
      filter: { createdBefore: new Date("2026-11-03T00:00:00Z") },
      errors: { from: "Choose a day from 1970-01-01 to 9999-12-31." },
    });
    expect(sessionSearchFilter({ from: "2026-11-02", to: "9999-12-31" })).toEqual({
      filter: { createdFrom: new Date("2026-11-02T00:00:00Z") },
      errors: {},
    });
  });
});
