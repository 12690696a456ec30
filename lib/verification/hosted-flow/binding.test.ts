import { describe, expect, it } from "vitest";
import {
  bindingCookieOptions,
  bindingMatches,
  hashBindingSecret,
  newBindingSecret,
} from "@/lib/verification/hosted-flow/binding";

describe("the hosted flow's binding cookie", () => {
  it("is HttpOnly, SameSite=Lax, scoped to /verify, and Secure whenever the link was opened over https", () => {
    // The suite's APP_URL is plain http on loopback; behind a TLS-terminating proxy the request
    // URL is what says https.
    expect(new URL(process.env.APP_URL!).protocol).toBe("http:");
    expect(bindingCookieOptions("https://verify.example/verify/abc")).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/verify",
    });
    expect(bindingCookieOptions("http://127.0.0.1:3000/verify/abc").secure).toBe(false);
  });

  it("matches only its own secret", () => {
    const secret = newBindingSecret();
    const stored = hashBindingSecret(secret);
    expect(bindingMatches(secret, stored)).toBe(true);
    expect(bindingMatches(newBindingSecret(), stored)).toBe(false);
    expect(bindingMatches(undefined, stored)).toBe(false);
    expect(bindingMatches(secret, null)).toBe(false);
  });
});
