// SSML rendered by each local engine, measured on the finished audio (8 kHz telephony WAV).
import { afterAll, describe, expect, it } from "vitest";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { parseWav } from "@/lib/voice/audio/pcm";
import { pausesIn } from "@/lib/voice/audio/silence";
import { stopFestivalProcesses } from "@/lib/voice/providers/festival-provider";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS } from "@/lib/voice/providers/speech-provider";
import { renderPrompt } from "@/lib/voice/render-prompt";
import { parseSsml } from "@/lib/voice/ssml/parse-ssml";

afterAll(() => stopFestivalProcesses());

const provider = createLocalProvider();

async function render(voiceId: string, ssml: string) {
  const { pieces, spoken } = parseSsml(ssml);
  const bytes = await renderPrompt(provider, {
    text: spoken,
    pieces,
    voiceId,
    modelId: "tts_multilingual_v2",
    settings: DEFAULT_VOICE_SETTINGS,
    format: getOutputFormat("wav_8000"),
  });
  const pcm = parseWav(bytes);
  return { pcm, seconds: pcm.samples.length / pcm.sampleRate, pauses: pausesIn(pcm) };
}

describe.each(["fliteRms", "festivalSlt", "festivalKal", "espeakEnUs"])("SSML spoken by %s", (voiceId) => {
  it("pauses 450 to 550 ms at a 500 ms break, and not without it", async () => {
    const [marked, unmarked] = await Promise.all([
      render(voiceId, `<speak>Thank you for calling<break time="500ms"/>for sales press one</speak>`),
      render(voiceId, `<speak>Thank you for calling for sales press one</speak>`),
    ]);
    expect(marked.pauses[0].ms).toBeGreaterThanOrEqual(450);
    expect(marked.pauses[0].ms).toBeLessThanOrEqual(550);
    expect(unmarked.pauses[0]?.ms ?? 0).toBeLessThan(300);
  });

  it("reads digits one by one: as long as the digits written as words", async () => {
    const [digits, words] = await Promise.all([
      render(voiceId, `<speak>Call <say-as interpret-as="digits">0800 123 456</say-as></speak>`),
      render(voiceId, `<speak>Call zero eight zero zero, one two three, four five six</speak>`),
    ]);
    expect(digits.seconds / words.seconds).toBeGreaterThan(0.85);
    expect(digits.seconds / words.seconds).toBeLessThan(1.35);
  });

  it("slows down inside <prosody rate='x-slow'>", async () => {
    const [slow, normal] = await Promise.all([
      render(voiceId, `<speak><prosody rate="x-slow">For support press two</prosody></speak>`),
      render(voiceId, `<speak>For support press two</speak>`),
    ]);
    expect(slow.seconds).toBeGreaterThan(normal.seconds * 1.25);
  });
});
