// renderPrompt as requests run it: ffmpeg started (or taken from the spare pool) before
// synthesis at the rate the provider announced. When the provider's audio arrives at another
// rate, the pre-started encoder must not be fed it; the fallback encodes at the real rate.
import { afterAll, describe, expect, it } from "vitest";
import { conditionSpeech } from "@/lib/voice/audio/condition-speech";
import { stopSpareEncoders } from "@/lib/voice/audio/encode-audio";
import type { PcmAudio } from "@/lib/voice/audio/pcm";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS, type SpeechProvider } from "@/lib/voice/providers/speech-provider";
import { renderPrompt, targetFor } from "@/lib/voice/render-prompt";
import { expectEncodedAs } from "../../tests/support/audio-probe";

afterAll(() => stopSpareEncoders());

const TEXT = "For billing, press 1. For support, press 2.";

/** The local provider, announcing `announcedRate` while eSpeak really delivers 22.05 kHz. */
function localAnnouncing(announcedRate: number | undefined) {
  const inner = createLocalProvider();
  const seen: PcmAudio[] = [];
  const provider: SpeechProvider = {
    ...inner,
    sourceSampleRate: (format, voiceId) => announcedRate ?? inner.sourceSampleRate(format, voiceId),
    async synthesize(request) {
      const pcm = await inner.synthesize(request);
      seen.push(pcm);
      return pcm;
    },
  };
  return { provider, seen };
}

describe("renderPrompt on a local provider", () => {
  it.each([
    ["the announced rate (pre-started encoder)", undefined],
    ["a rate other than the announced one (fallback encoder)", 16000],
  ])("encodes audio delivered at %s into exactly the requested format", async (_name, announcedRate) => {
    for (const id of ["wav_8000", "ulaw_8000", "pcm_24000", "mp3_44100_128", "opus_48000_32"]) {
      const format = getOutputFormat(id);
      const { provider, seen } = localAnnouncing(announcedRate);
      // Twice: the second run takes the spare encoder the first one left loaded.
      for (let round = 0; round < 2; round++) {
        const bytes = await renderPrompt(provider, {
          text: TEXT,
          voiceId: "espeakEnUs",
          modelId: "tts_multilingual_v2",
          settings: DEFAULT_VOICE_SETTINGS,
          format,
        });
        const conditioned = conditionSpeech(seen.at(-1)!, targetFor(format)).pcm;
        expect(conditioned.sampleRate).toBe(22050);
        await expectEncodedAs(bytes, format, conditioned.samples.length / conditioned.sampleRate);
      }
    }
  });
});
