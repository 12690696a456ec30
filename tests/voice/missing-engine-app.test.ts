// The running app with Festival absent (FESTIVAL_PATH names no program): no Festival voice is
// listed, previewed or spoken, and GET /health/details says why.
import { describe, expect, it } from "vitest";
import { voiceAppForFile } from "./voice-app";

const { app, call } = voiceAppForFile("nofestival", () => ({ FESTIVAL_PATH: "/nonexistent/festival" }));

describe("Voice API with Festival absent", () => {
  it("lists no Festival voice, refuses one as 404 everywhere, and names the engine on /health/details", async () => {
    const voices = await call("GET", "/voices");
    expect(voices.status).toBe(200);
    const ids: string[] = voices.body.voices.map((v: { id: string }) => v.id);
    expect(ids.filter((id) => id.startsWith("festival"))).toEqual([]);
    expect(ids[0]).toBe("fliteRms");

    const tts = await call("POST", "/tts", { text: "Press one.", voice_id: "festivalSlt" });
    expect(tts).toMatchObject({ status: 404, body: { error: { code: "voice_not_found" } } });
    const preview = await fetch(`${app().baseUrl}/voices/festivalSlt/preview.mp3`);
    expect(preview.status).toBe(404);

    const details = await call("GET", "/health/details");
    expect(details.status).toBe(200);
    expect(details.body.provider).toBe("local");
    expect(details.body.engines).toContainEqual({
      engine: "festival",
      available: false,
      voices: 0,
      problem: expect.stringContaining("not installed or not answering"),
    });
    // Reported once in the log, however often it is asked.
    await call("GET", "/health/details");
    expect(
      app()
        .output()
        .match(/Local speech engine festival is unavailable/g),
    ).toHaveLength(1);
  });

  it("/health/details needs a key", async () => {
    const res = await fetch(`${app().baseUrl}/health/details`);
    expect(res.status).toBe(401);
  });
});
