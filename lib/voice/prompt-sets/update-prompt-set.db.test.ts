// PATCH voice_settings: null against the real database: SQL NULL, not a JSON object (#31). The
// answers that follow are checked against the document in tests/voice/prompt-sets.test.ts.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { updatePromptSet } from "@/lib/voice/prompt-sets/update-prompt-set";
import { newOrg } from "../../../tests/support/fixtures";

describe("updatePromptSet with voice_settings: null", () => {
  it("stores NULL (the voice's defaults) and answers null", async () => {
    const { orgId } = await newOrg("nulls");
    const id = newId("ps");
    await db.promptSet.create({
      data: {
        id,
        orgId,
        name: "Nulls",
        language: "en",
        voiceId: "espeakEnUs",
        modelId: "tts_multilingual_v2",
        outputFormat: "mp3_44100_128",
        voiceSettings: { stability: 0.3 },
      },
    });
    const view = await updatePromptSet({ orgId, id, body: { voice_settings: null } });
    expect(view.voice_settings).toBeNull();
    const row = await db.promptSet.findUniqueOrThrow({ where: { id } });
    expect(row.voiceSettings).toBeNull();
  });
});
