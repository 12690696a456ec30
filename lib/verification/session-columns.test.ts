import { describe, expect, it } from "vitest";
import {
  eventTypeOf,
  eventTypesOf,
  finalStatusOf,
  localeOf,
  metadataOf,
  statusOf,
} from "@/lib/verification/session-columns";

// The narrowers that replaced casts on the session's columns: each lets its values through as
// they are and refuses anything else with the column it came from, rather than passing it on.
describe("session column narrowers", () => {
  it("pass the metadata the API accepted, and refuse anything else in the JSON column", () => {
    expect(metadataOf({ order: "A-1", note: "" })).toEqual({ order: "A-1", note: "" });
    expect(metadataOf({})).toEqual({});
    expect(() => metadataOf(["a"])).toThrow("VerificationSession.metadata is not an object");
    expect(() => metadataOf(null)).toThrow("VerificationSession.metadata is not an object");
    expect(() => metadataOf("text")).toThrow("VerificationSession.metadata is not an object");
    expect(() => metadataOf({ count: 3 })).toThrow("VerificationSession.metadata.count is not a string");
  });

  it("narrow statuses, a webhook's final status, locales and event types, naming the column they refuse", () => {
    expect(statusOf("in_progress")).toBe("in_progress");
    expect(() => statusOf("paused")).toThrow("VerificationSession.status holds paused");
    expect(finalStatusOf("expired")).toBe("expired");
    expect(() => finalStatusOf("created")).toThrow("VerificationSession.status holds created");
    expect(localeOf(null)).toBeNull();
    expect(localeOf("pt-BR")).toBe("pt-BR");
    expect(() => localeOf("xx")).toThrow("VerificationSession.locale holds xx");
    expect(eventTypeOf("verification_session.completed")).toBe("verification_session.completed");
    expect(() => eventTypeOf("session.done")).toThrow("Event.type holds session.done");
    expect(eventTypesOf(["verification_session.expired"])).toEqual(["verification_session.expired"]);
    expect(() => eventTypesOf(["verification_session.expired", "x"])).toThrow("WebhookEndpoint.events holds x");
  });
});
