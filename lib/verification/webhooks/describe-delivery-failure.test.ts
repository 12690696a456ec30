import { describe, expect, it } from "vitest";
import { describeDeliveryFailure } from "@/lib/verification/webhooks/describe-delivery-failure";

describe("describeDeliveryFailure", () => {
  it("names what went wrong with the connection in plain words", () => {
    expect(describeDeliveryFailure(null, "tls: SELF_SIGNED_CERT_IN_CHAIN")).toBe("Certificate not trusted");
    expect(describeDeliveryFailure(null, "tls: UNABLE_TO_VERIFY_LEAF_SIGNATURE")).toBe("Certificate not trusted");
    expect(describeDeliveryFailure(null, "tls: CERT_HAS_EXPIRED")).toBe("Certificate expired or not yet valid");
    expect(describeDeliveryFailure(null, "tls: ERR_TLS_CERT_ALTNAME_INVALID")).toBe(
      "Certificate is for another host name",
    );
    expect(describeDeliveryFailure(null, "tls: ERR_SSL_WRONG_VERSION_NUMBER")).toBe("Secure connection (TLS) failed");
    expect(describeDeliveryFailure(null, "timeout: no response within 10000 ms")).toBe("Timed out after 10 s");
    expect(describeDeliveryFailure(null, "timeout: no response within 2500 ms")).toBe("Timed out after 2.5 s");
    expect(describeDeliveryFailure(null, "blocked: 10.0.0.1 is a private address")).toBe(
      "Host refused by the network policy",
    );
    expect(describeDeliveryFailure(null, "dns: hooks.example.invalid not found")).toBe("Host name not found");
    expect(describeDeliveryFailure(null, "connection refused")).toBe("Connection refused");
    expect(describeDeliveryFailure(null, "connection reset")).toBe("Connection closed before an answer");
    expect(describeDeliveryFailure(null, "network unreachable (ENETUNREACH)")).toBe("Network unreachable");
    expect(describeDeliveryFailure(null, "network: EAI_AGAIN")).toBe("Network error");
    expect(describeDeliveryFailure(null, null)).toBe("No response");
  });

  it("says what an HTTP status means for the receiver", () => {
    expect(describeDeliveryFailure(500, "HTTP 500")).toBe("HTTP 500 (server error at the endpoint)");
    expect(describeDeliveryFailure(404, null)).toBe("HTTP 404 (no such page at the endpoint: check the URL)");
    expect(describeDeliveryFailure(401, null)).toBe("HTTP 401 (the endpoint refused the request)");
    expect(describeDeliveryFailure(302, "HTTP 302: redirects are not followed")).toBe(
      "HTTP 302 (a redirect: redirects are not followed)",
    );
    expect(describeDeliveryFailure(429, null)).toBe("HTTP 429 (the endpoint asked to slow down)");
    expect(describeDeliveryFailure(400, null)).toBe("HTTP 400 (the endpoint rejected the request)");
  });
});
