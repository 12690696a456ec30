import { describe, expect, it } from "vitest";
import {
  deadLettersQuerySchema,
  deliveriesQuerySchema,
  displayNameFormSchema,
  overviewQuerySchema,
  createWebhookEndpointFormSchema,
  sessionsQuerySchema,
} from "@/lib/edge/dashboard/schemas";

describe("dashboard page query schemas", () => {
  it("read the sessions list's filters and cursor trail, ignoring what is not a filter value", () => {
    expect(sessionsQuerySchema.parse({ status: "passed", mode: "live", c: ["a", "b"] })).toEqual({
      status: "passed",
      mode: "live",
      c: ["a", "b"],
    });
    expect(sessionsQuerySchema.parse({ status: "won", mode: "", c: "only" })).toEqual({
      status: undefined,
      mode: undefined,
      c: ["only"],
    });
    expect(sessionsQuerySchema.parse({ status: ["passed", "failed"] })).toEqual({
      status: undefined,
      mode: undefined,
      c: [],
    });
  });

  it("read the sessions search and days, ignoring a day that does not exist", () => {
    expect(sessionsQuerySchema.parse({ q: "order:1003", from: "2026-02-28", to: "2026-03-01" })).toMatchObject({
      q: "order:1003",
      from: "2026-02-28",
      to: "2026-03-01",
    });
    const odd = sessionsQuerySchema.parse({ from: "2026-02-31", to: "yesterday", q: "x".repeat(601) });
    expect([odd.from, odd.to, odd.q]).toEqual([undefined, undefined, undefined]);
  });

  it("take endpoint and page ids only in their own shapes", () => {
    expect(deliveriesQuerySchema.parse({ endpoint: "whe_abc", before: "wha_xyz" })).toEqual({
      endpoint: "whe_abc",
      before: "wha_xyz",
    });
    expect(deliveriesQuerySchema.parse({ endpoint: "whd_abc", before: "whd_xyz" })).toEqual({
      endpoint: undefined,
      before: undefined,
    });
    expect(deadLettersQuerySchema.parse({ endpoint: "whe_abc", before: "whd_1" })).toEqual({
      endpoint: "whe_abc",
      before: "whd_1",
    });
    expect(deadLettersQuerySchema.parse({ endpoint: "whe_a'--", before: "wha_1" })).toEqual({
      endpoint: undefined,
      before: undefined,
    });
  });

  it("read the overview's welcome and joined flags", () => {
    expect(overviewQuerySchema.parse({ welcome: "1" })).toEqual({ welcome: true, joined: false, left: false });
    expect(overviewQuerySchema.parse({ joined: "1" })).toEqual({ welcome: false, joined: true, left: false });
    expect(overviewQuerySchema.parse({ left: "1" })).toEqual({ welcome: false, joined: false, left: true });
    expect(overviewQuerySchema.parse({})).toEqual({ welcome: false, joined: false, left: false });
  });

  it("word the endpoint form's mistakes for a person, not for a JSON body", () => {
    const issues = (input: unknown) =>
      Object.fromEntries(
        (createWebhookEndpointFormSchema.safeParse(input).error?.issues ?? []).map((i) => [
          String(i.path[0]),
          i.message,
        ]),
      );
    expect(issues({ url: " ", events: [], mode: "test" })).toEqual({
      url: "Enter your receiver's address, starting with https://.",
      events: "Choose at least one event to send.",
    });
    expect(
      issues({ url: "http://shop.example/hook", events: ["verification_session.completed"], mode: "test" }),
    ).toEqual({
      url: "Use a full address that starts with https://, e.g. https://example.com/webhooks. Plain http is not accepted.",
    });
    expect(
      createWebhookEndpointFormSchema.parse({
        url: " https://shop.example/hook ",
        events: ["verification_session.expired"],
        mode: "live",
      }),
    ).toEqual({
      url: "https://shop.example/hook",
      events: ["verification_session.expired"],
      mode: "live",
    });
  });
});

describe("the display name form", () => {
  it("trims, clears on empty, and refuses what cannot be shown as a name", () => {
    expect(displayNameFormSchema.parse({ displayName: "  Acme Wines " })).toEqual({ displayName: "Acme Wines" });
    expect(displayNameFormSchema.parse({ displayName: "   " })).toEqual({ displayName: null });
    expect(displayNameFormSchema.safeParse({ displayName: "x".repeat(61) }).success).toBe(false);
    for (const hostile of ["Acme\u0000", "Acme\u202eseniW", "Acme\nWines", "\ud800"]) {
      expect(displayNameFormSchema.safeParse({ displayName: hostile }).success, JSON.stringify(hostile)).toBe(false);
    }
  });
});
