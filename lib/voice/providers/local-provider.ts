import "server-only";
import type { PcmAudio } from "@/lib/audio/pcm";
import { env } from "@/lib/env";
import { HONOURED_SETTINGS } from "@/lib/voice/honoured-settings";
import { createEspeakEngine } from "@/lib/voice/providers/espeak-provider";
import { createFestivalEngine } from "@/lib/voice/providers/festival-provider";
import { createFliteEngine } from "@/lib/voice/providers/flite-provider";
import { speakIvrText } from "@/lib/voice/providers/speak-ivr-text";
import { engineFailure, toPublicVoice, type LocalEngine, type LocalVoice } from "@/lib/voice/providers/local-voice";
import {
  DEFAULT_VOICE_SETTINGS,
  UpstreamError,
  type SpeechProvider,
  type SynthesisRequest,
} from "@/lib/voice/providers/speech-provider";

/**
 * English voices from clearest to least clear, by word error rate in `npm run eval:voice`
 * through the phone band, where IVR prompts are heard (docs/voice.md has the figures; the
 * 16 kHz rates put the same voice first). The first one installed is the default English voice.
 */
export const CLARITY_ORDER = [
  "fliteRms",
  "fliteAwb",
  "fliteKal",
  "festivalKal",
  "festivalSlt",
  "festivalKed",
  "fliteSlt",
  "espeakEnUs",
];

const ENGINES: Record<string, () => LocalEngine> = {
  festival: createFestivalEngine,
  flite: createFliteEngine,
  espeak: createEspeakEngine,
};

type Installed = { voice: LocalVoice; engine: string };

/**
 * The embedded default provider: every speech engine installed on this machine (Festival,
 * Flite, eSpeak NG), found at start-up. Of the voice settings only `speed` changes what a
 * local engine says; the others are declared unhonoured, so they neither key the content
 * cache nor show in the studio. The model id does not change the output either. English
 * scripts are first written out as an IVR caller expects to hear them (`speak-ivr-text.ts`).
 */
export function createLocalProvider(): SpeechProvider {
  return {
    id: "local",
    runsLocally: true,
    honouredSettings: HONOURED_SETTINGS.local,
    async listVoices() {
      const origin = env().APP_URL.replace(/\/$/, "");
      return (await localCatalogue()).map(({ voice }) =>
        toPublicVoice(voice, `${origin}/voices/${voice.id}/preview.mp3`),
      );
    },
    async voiceDefaults(voiceId) {
      return (await findLocalVoice(voiceId)) ? DEFAULT_VOICE_SETTINGS : null;
    },
    sourceSampleRate(_format, voiceId) {
      // Known once the catalogue is read (voiceDefaults reads it before any synthesis).
      return loaded?.get(voiceId)?.voice.sampleRate ?? 22050;
    },
    async synthesize(request: SynthesisRequest): Promise<PcmAudio> {
      const found = await findLocalVoice(request.voiceId);
      if (!found) throw new UpstreamError("voice_not_found", `No voice ${request.voiceId}.`);
      try {
        const { voice } = found;
        const text = voice.language === "en" ? speakIvrText(request.text, voice.locale) : request.text;
        return await ENGINES[found.engine]().synthesize(voice, text, request.settings.speed);
      } catch (error) {
        throw new UpstreamError("failed", engineFailure(found.engine, error), { cause: error });
      }
    },
  };
}

let catalogue: Promise<Installed[]> | undefined;
let loaded: Map<string, Installed> | undefined;

/**
 * Every installed local voice, clearest English first, then the rest by name. Read once per
 * process: installed voices do not change while it runs. An engine that is missing simply
 * contributes no voices; only when none answers is it an error.
 */
function localCatalogue(): Promise<Installed[]> {
  catalogue ??= Promise.allSettled(
    Object.entries(ENGINES).map(async ([engine, create]) =>
      (await create().voices()).map((voice) => ({ voice, engine })),
    ),
  ).then((results) => {
    const found = results.flatMap((r) => (r.status === "fulfilled" ? r.value : []));
    if (found.length === 0) {
      catalogue = undefined;
      const reasons = results.map((r) => (r.status === "rejected" ? String(r.reason) : "no voices")).join("; ");
      throw new UpstreamError("failed", `No local speech engine answered: ${reasons}`);
    }
    const sorted = sortByClarity(found);
    loaded = new Map(sorted.map((entry) => [entry.voice.id, entry]));
    return sorted;
  });
  return catalogue;
}

export function sortByClarity<T extends { voice: Pick<LocalVoice, "id" | "name"> }>(entries: T[]): T[] {
  const rank = (id: string) => {
    const i = CLARITY_ORDER.indexOf(id);
    return i === -1 ? CLARITY_ORDER.length : i;
  };
  return [...entries].sort(
    (a, b) => rank(a.voice.id) - rank(b.voice.id) || a.voice.name.localeCompare(b.voice.name, "en"),
  );
}

export async function findLocalVoice(voiceId: string): Promise<Installed | undefined> {
  await localCatalogue();
  return loaded?.get(voiceId);
}
