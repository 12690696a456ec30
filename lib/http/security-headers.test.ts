import { describe, expect, it } from "vitest";
import { isApiPath, newRequestId, securityHeaders } from "@/lib/http/security-headers";

describe("securityHeaders", () => {
  it("denies framing and sets nosniff, COOP and the referrer policy on a dashboard page", () => {
    const h = securityHeaders({ pathname: "/dashboard", appUrl: "http://localhost:3000" });
    expect(h["X-Frame-Options"]).toBe("DENY");
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(h["Content-Security-Policy"]).toContain("form-action 'self'");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Cross-Origin-Opener-Policy"]).toBe("same-origin");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["Permissions-Policy"]).toContain("camera=()");
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });

  it("allows the camera, no referrer and the card provider's form target only on the hosted flow", () => {
    const h = securityHeaders({
      pathname: "/verify/session/vs_1",
      appUrl: "https://age.example",
      creditCardProviderUrl: "https://cards.example/check?x=1",
    });
    expect(h["Permissions-Policy"]).toContain("camera=(self)");
    expect(h["Referrer-Policy"]).toBe("no-referrer");
    expect(h["Content-Security-Policy"]).toContain("form-action 'self' https://cards.example");
    expect(h["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    const page = securityHeaders({ pathname: "/studio", appUrl: "https://age.example", creditCardProviderUrl: "https://cards.example" });
    expect(page["Content-Security-Policy"]).not.toContain("cards.example");
  });
});

describe("request ids", () => {
  it("are req_ plus random base62 and differ each time", () => {
    const a = newRequestId();
    expect(a).toMatch(/^req_[A-Za-z0-9]{24}$/);
    expect(newRequestId()).not.toBe(a);
  });
  it("cover both APIs and no page", () => {
    for (const p of ["/v1/verification-sessions", "/v1/nope", "/health", "/voices", "/voices/v/preview.mp3", "/formats", "/tts"]) {
      expect(isApiPath(p), p).toBe(true);
    }
    for (const p of ["/", "/docs", "/dashboard", "/studio", "/verify/x", "/v1x", "/voicesx"]) expect(isApiPath(p), p).toBe(false);
  });
});
