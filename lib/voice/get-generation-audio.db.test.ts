// The studio player's audio source: only audio the organisation itself generated, by hash, with its format.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "@/lib/platform/storage/local-storage";
import { createTts, type TtsDependencies } from "@/lib/voice/create-tts";
import { getGenerationAudio } from "@/lib/voice/get-generation-audio";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { ttsRequestBodySchema } from "@/lib/voice/schemas";
import { createVoiceCatalog } from "@/lib/voice/voice-catalog";
import { newOrg } from "../../tests/support/fixtures";

let ours: string;
let theirs: string;
let deps: TtsDependencies;

beforeAll(async () => {
  ours = (await newOrg("studio-audio")).orgId;
  theirs = (await newOrg("studio-other")).orgId;
  const storage = createLocalStorage({
    dir: mkdtempSync(path.join(tmpdir(), "studio-audio-")),
    secret: "test-secret-0123456789",
    baseUrl: "http://app.test",
  });
  deps = { catalog: createVoiceCatalog(createLocalProvider(), () => 3600_000), storage, urlTtlSeconds: 3600 };
});

describe("getGenerationAudio", () => {
  it("returns the organisation's own prompt, byte for byte, and nobody else's", async () => {
    const text = `Studio audio ${Math.random().toString(36).slice(2)}. Press 1.`;
    const result = await createTts(
      { orgId: ours, body: ttsRequestBodySchema.parse({ text, voice_id: "espeakEnUs", output_format: "ulaw_8000" }) },
      deps,
    );

    const audio = await getGenerationAudio({ orgId: ours, sha256: result.sha256 }, deps.storage);
    expect(audio).toMatchObject({
      contentType: "audio/basic",
      fileExtension: ".ulaw",
      sha256: result.sha256,
      outputFormat: "ulaw_8000",
    });
    expect(audio!.bytes.length).toBe(result.bytes);

    // Another organisation that knows the hash still gets nothing.
    expect(await getGenerationAudio({ orgId: theirs, sha256: result.sha256 }, deps.storage)).toBeNull();
    expect(await getGenerationAudio({ orgId: ours, sha256: "0".repeat(64) }, deps.storage)).toBeNull();
    expect(await getGenerationAudio({ orgId: ours, sha256: "../../etc/passwd" }, deps.storage)).toBeNull();
  });
});
