import { describe, expect, it } from "vitest";
import { env } from "@/lib/platform/env";
import { isSameOriginRequest } from "@/lib/verification/hosted-flow/same-origin";

describe("isSameOriginRequest (CSRF guard of the hosted flow)", () => {
  const appOrigin = new URL(env().APP_URL).origin;

  it("accepts the app's own origin, by APP_URL or by the host the request came in on", () => {
    expect(isSameOriginRequest(new Headers({ origin: appOrigin }))).toBe(true);
    expect(
      isSameOriginRequest(new Headers({ origin: "https://verify.internal:8443", host: "verify.internal:8443" })),
    ).toBe(true);
    expect(
      isSameOriginRequest(
        new Headers({ origin: "https://age.example", host: "10.0.0.5:3000", "x-forwarded-host": "age.example" }),
      ),
    ).toBe(true);
  });

  it("refuses other origins, opaque origins and requests without Origin", () => {
    expect(isSameOriginRequest(new Headers({ origin: "https://evil.example", host: new URL(appOrigin).host }))).toBe(
      false,
    );
    expect(isSameOriginRequest(new Headers({ origin: "null", host: new URL(appOrigin).host }))).toBe(false);
    expect(isSameOriginRequest(new Headers({ host: new URL(appOrigin).host }))).toBe(false);
    expect(isSameOriginRequest(new Headers({ origin: "not a url" }))).toBe(false);
  });
});
