import { describe, expect, it } from "vitest";
import { assertMatchesContract } from "../support/contract";

// The contract check itself must be able to fail, or the integration suite proves nothing.
const rateHeaders = new Headers({ "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "99", "X-RateLimit-Reset": "1" });
const session = {
  id: "vs_abc",
  status: "created",
  required_age: 18,
  methods: ["face_estimation"],
  return_url: "https://x.example/",
  mode: "test",
  attempts: 0,
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2026-01-01T00:30:00.000Z",
  metadata: {},
};

describe("contract check", () => {
  it("accepts a response that matches the document", () => {
    expect(() =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions/vs_abc", 200, rateHeaders, session),
    ).not.toThrow();
  });

  it("rejects an extra field, a wrong type, a missing header and an undocumented status", () => {
    const check = (status: number, headers: Headers, body: unknown) => () =>
      assertMatchesContract("verification", "GET", "/v1/verification-sessions/vs_abc", status, headers, body);
    expect(check(200, rateHeaders, { ...session, url: "https://leak" })).toThrow(/does not match/);
    expect(check(200, rateHeaders, { ...session, attempts: "0" })).toThrow(/does not match/);
    expect(check(200, new Headers(), session)).toThrow(/lacks header X-RateLimit-Limit/);
    expect(check(418, rateHeaders, session)).toThrow(/does not list/);
  });

  it("checks voice responses against the voice document", () => {
    const check = (status: number, body: unknown) => () => assertMatchesContract("voice", "POST", "/tts", status, new Headers(), body);
    expect(check(404, { error: { code: "voice_not_found", message: "No voice" } })).not.toThrow();
    expect(check(404, { error: { code: "resource_missing", message: "No voice" } })).toThrow(/does not match/);
    expect(check(200, { audio_url: "x" })).toThrow(/does not match/);
    expect(check(409, { error: { code: "bad_request", message: "?" } })).toThrow(/does not list/);
  });
});
