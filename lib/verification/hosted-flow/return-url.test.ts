import { describe, expect, it } from "vitest";
import { appendSessionId, returnHost } from "@/lib/verification/hosted-flow/return-url";

describe("appendSessionId", () => {
  it("adds session_id as the only query parameter when there is none", () => {
    expect(appendSessionId("https://shop.example/done", "vs_abc")).toBe("https://shop.example/done?session_id=vs_abc");
    expect(appendSessionId("https://shop.example", "vs_abc")).toBe("https://shop.example/?session_id=vs_abc");
  });

  it("keeps the existing query byte for byte and the fragment at the end", () => {
    expect(appendSessionId("https://shop.example/done?order=1001&note=a%20b+c&empty=&flag#receipt", "vs_abc")).toBe(
      "https://shop.example/done?order=1001&note=a%20b+c&empty=&flag&session_id=vs_abc#receipt",
    );
    expect(appendSessionId("http://localhost:8080/cb?q=%E2%9C%93#/route?x=1", "vs_abc")).toBe(
      "http://localhost:8080/cb?q=%E2%9C%93&session_id=vs_abc#/route?x=1",
    );
  });

  it("replaces a session_id the return_url already carries, so ours is the one read", () => {
    expect(appendSessionId("https://shop.example/done?session_id=old&a=1&session%5Fid=x", "vs_new")).toBe(
      "https://shop.example/done?a=1&session_id=vs_new",
    );
  });

  it("handles an empty query and stray separators", () => {
    expect(appendSessionId("https://shop.example/done?", "vs_abc")).toBe("https://shop.example/done?session_id=vs_abc");
    expect(appendSessionId("https://shop.example/done?&a=1&&", "vs_abc")).toBe(
      "https://shop.example/done?a=1&session_id=vs_abc",
    );
  });

  it("names the host a user recognises", () => {
    expect(returnHost("https://shop.example:8443/x?y")).toBe("shop.example:8443");
  });
});
