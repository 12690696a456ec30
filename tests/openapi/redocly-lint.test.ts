// Both documents, as served, pass Redocly CLI's recommended-strict ruleset with no error and no
// warning (#31). redocly.yaml names the ruleset; .redocly.lint-ignore.yaml lists, with reasons, the
// only occurrences it would flag that are deliberate.
import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import { baseUrl } from "../support/api";

const root = path.resolve(__dirname, "../..");

describe("redocly lint (recommended-strict)", () => {
  it("finds nothing in either document", async () => {
    const dir = path.join(root, ".data/openapi-lint");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "verification.json"), JSON.stringify(buildVerificationDocument(baseUrl())));
    await writeFile(path.join(dir, "voice.json"), JSON.stringify(buildVoiceDocument(baseUrl())));
    for (const [api, ignored] of [
      ["verification", 2],
      ["voice", 3],
    ] as const) {
      const run = await promisify(execFile)(
        path.join(root, "node_modules/.bin/redocly"),
        ["lint", "--config", "redocly.yaml", "--format", "json", api],
        { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
      const report = JSON.parse(run.stdout) as { totals: Record<string, number>; problems: { message: string }[] };
      expect(report.problems.map((p) => `${api}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0, ignored });
    }
  }, 120_000);
});
