import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/platform/env";
import {
  contentOrigins,
  hostedCheckOrigins,
  newCspNonce,
  newRequestId,
  securityHeaders,
} from "@/lib/platform/http/security-headers";

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
      hostedCheckOrigins: ["https://cards.example"],
    });
    expect(h["Permissions-Policy"]).toContain("camera=(self)");
    expect(h["Referrer-Policy"]).toBe("no-referrer");
    expect(h["Content-Security-Policy"]).toContain("form-action 'self' https://cards.example");
    expect(h["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    const page = securityHeaders({
      pathname: "/studio",
      appUrl: "https://age.example",
      hostedCheckOrigins: ["https://cards.example"],
    });
    expect(page["Content-Security-Policy"]).not.toContain("cards.example");
  });
});

describe("hostedCheckOrigins", () => {
  it("lets the hosted flow send users to the configured card vendor, or to Stripe's pages", () => {
    expect(hostedCheckOrigins(parseEnv({}))).toEqual([]);
    expect(hostedCheckOrigins(parseEnv({ CREDIT_CARD_PROVIDER_URL: "https://cards.example/api/v1" }))).toEqual([
      "https://cards.example",
    ]);
    expect(
      hostedCheckOrigins(
        parseEnv({
          CREDIT_CARD_PROVIDER: "stripe",
          ID_DOCUMENT_PROVIDER: "stripe",
          STRIPE_SECRET_KEY: "sk_test_x",
          STRIPE_WEBHOOK_SECRET: "whsec_x",
        }),
      ),
    ).toEqual(["https://checkout.stripe.com", "https://verify.stripe.com"]);
  });
});

describe("the Content-Security-Policy", () => {
  const directives = (h: Record<string, string>) =>
    Object.fromEntries(
      h["Content-Security-Policy"].split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
    );

  it("lets only this response's nonce run scripts on a page, and nothing on an API answer", () => {
    const nonce = newCspNonce();
    const page = directives(securityHeaders({ pathname: "/studio", appUrl: "http://localhost:3000", nonce }));
    expect(page["script-src"]).toBe(`'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(page["default-src"]).toBe("'self'");
    expect(page["frame-ancestors"]).toBe("'none'");
    expect(page["base-uri"]).toBe("'none'");
    expect(page["object-src"]).toBe("'none'");
    expect(page["connect-src"]).toBe("'self'");
    const api = directives(securityHeaders({ pathname: "/v1/verification-sessions", appUrl: "http://localhost:3000" }));
    expect(api["script-src"]).toBe("'none'");
  });

  it("allows eval and the dev server's websocket only in development", () => {
    const dev = directives(
      securityHeaders({ pathname: "/", appUrl: "http://localhost:3000", nonce: "n", development: true }),
    );
    expect(dev["script-src"]).toContain("'unsafe-eval'");
    expect(dev["connect-src"]).toContain("ws:");
    const prod = directives(securityHeaders({ pathname: "/", appUrl: "http://localhost:3000", nonce: "n" }));
    expect(prod["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("adds the storage, voice-preview and configured origins to media, images and data", () => {
    const none: Parameters<typeof contentOrigins>[0] = {
      STORAGE_DRIVER: "local",
      S3_BUCKET: undefined,
      S3_REGION: "eu-west-1",
      S3_ENDPOINT: undefined,
      SPEECH_PROVIDER: "local",
      CSP_EXTRA_ORIGINS: [],
    };
    expect(contentOrigins(none)).toEqual([]);
    expect(contentOrigins({ ...none, STORAGE_DRIVER: "s3", S3_BUCKET: "prompts" })).toEqual([
      "https://s3.eu-west-1.amazonaws.com",
      "https://prompts.s3.eu-west-1.amazonaws.com",
    ]);
    expect(
      contentOrigins({ ...none, STORAGE_DRIVER: "s3", S3_BUCKET: "b", S3_ENDPOINT: "http://127.0.0.1:9000/" }),
    ).toEqual(["http://127.0.0.1:9000", "http://b.127.0.0.1:9000"]);
    const origins = contentOrigins({
      ...none,
      SPEECH_PROVIDER: "elevenlabs",
      CSP_EXTRA_ORIGINS: ["https://cdn.example.com"],
    });
    expect(origins).toEqual(["https://storage.googleapis.com", "https://cdn.example.com"]);
    const page = directives(
      securityHeaders({ pathname: "/studio", appUrl: "https://a.example", nonce: "n", contentOrigins: origins }),
    );
    for (const d of ["media-src", "img-src", "connect-src"]) expect(page[d]).toContain("https://cdn.example.com");
    expect(page["script-src"]).not.toContain("cdn.example.com");
  });

  it("makes a fresh, unguessable nonce each time", () => {
    const a = newCspNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newCspNonce()).not.toBe(a);
  });
});

describe("request ids", () => {
  it("are req_ plus random base62 and differ each time", () => {
    const a = newRequestId();
    expect(a).toMatch(/^req_[A-Za-z0-9]{24}$/);
    expect(newRequestId()).not.toBe(a);
  });
});
