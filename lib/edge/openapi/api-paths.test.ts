import { describe, expect, it } from "vitest";
import { apiOfPath, isApiPath } from "@/lib/edge/openapi/api-paths";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";

describe("API paths", () => {
  it("cover every path of both documents, parameters filled in, and unknown paths under their roots", () => {
    const fill = (p: string) => p.replace(/\{[^}]+\}/g, "x1");
    for (const p of Object.keys(buildVerificationDocument().paths)) expect(apiOfPath(fill(p)), p).toBe("verification");
    for (const p of Object.keys(buildVoiceDocument().paths)) expect(apiOfPath(fill(p)), p).toBe("voice");
    for (const p of ["/v1", "/v1/nope", "/prompt-sets/ps_1/nope", "/files/a/b/c.mp3", "/voices/v/preview.mp3"])
      expect(isApiPath(p), p).toBe(true);
  });

  it("leave every page out", () => {
    for (const p of [
      "/",
      "",
      "/docs",
      "/docs/voice",
      "/dashboard",
      "/studio",
      "/studio/prompt-sets/ps_1/csv",
      "/verify/x",
      "/sign-in",
      "/v1x",
      "/voicesx",
      "/openapi/voice.json",
    ]) {
      expect(isApiPath(p), p).toBe(false);
    }
  });
});
