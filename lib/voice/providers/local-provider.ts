import "server-only";
import type { PcmAudio } from "@/lib/voice/audio/pcm";
import { env } from "@/lib/platform/env";
import { errorField, logger } from "@/lib/platform/log";
import { HONOURED_SETTINGS } from "@/lib/voice/providers/honoured-settings";
import { createEspeakEngine } from "@/lib/voice/providers/espeak-provider";
import { createFestivalEngine } from "@/lib/voice/providers/festival-provider";
import { createFliteEngine } from "@/lib/voice/providers/flite-provider";
import { speakIvrText } from "@/lib/voice/providers/speak-ivr-text";
import { speakPieces, takesPhonemes } from "@/lib/voice/providers/speak-pieces";
import { engineFailure, toPublicVoice, type LocalEngine, type LocalVoice } from "@/lib/voice/providers/local-voice";
import {
  DEFAULT_VOICE_SETTINGS,
  UpstreamError,
  type EngineStatus,
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

// What each engine says at start-up to prove a voice works. Festival's and Flite's voices are
// separate data (one can be missing or broken while the program runs), so each is probed;
// eSpeak NG's voices are one program over one data directory, so one probe answers for all.
const PROBE_TEXT = "Ready.";
const PROBE_EACH_VOICE: Record<string, boolean> = { festival: true, flite: true, espeak: false };

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
    engineStatus: localEngineStatus,
    async pieceWarnings(voiceId, _modelId, pieces) {
      const found = await findLocalVoice(voiceId);
      if (!found || takesPhonemes(found.engine)) return [];
      return pieces.flatMap((p) =>
        p.kind === "phoneme"
          ? [`${voiceId} cannot take a phoneme; "${p.text}" was spoken as written instead of /${p.ipa}/.`]
          : [],
      );
    },
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
        const engine = ENGINES[found.engine]();
        if (request.pieces)
          return await speakPieces(found.engine, engine, voice, request.pieces, request.settings.speed);
        const text = voice.language === "en" ? speakIvrText(request.text, voice.locale) : request.text;
        return await engine.synthesize(voice, text, request.settings.speed);
      } catch (error) {
        throw new UpstreamError("failed", engineFailure(found.engine, error), { cause: error });
      }
    },
  };
}

let catalogue: Promise<Installed[]> | undefined;
let loaded: Map<string, Installed> | undefined;
let statuses: EngineStatus[] = [];

/**
 * Every installed local voice that passed its start-up probe, clearest English first, then the
 * rest by name. Read once per process: installed voices do not change while it runs. An engine
 * that is missing or fails its probe contributes no voices (so none is ever listed and then
 * 404), and is logged once; only when no engine answers is it an error.
 */
function localCatalogue(): Promise<Installed[]> {
  catalogue ??= Promise.all(Object.entries(ENGINES).map(([engine, create]) => probeEngine(engine, create()))).then(
    (probed) => {
      statuses = probed.map((p) => p.status);
      const found = probed.flatMap((p) => p.voices);
      if (found.length === 0) {
        catalogue = undefined;
        const reasons = statuses.map((s) => `${s.engine}: ${s.problem ?? "no voices"}`).join("; ");
        throw new UpstreamError("failed", `No local speech engine answered: ${reasons}`);
      }
      const sorted = sortByClarity(found);
      loaded = new Map(sorted.map((entry) => [entry.voice.id, entry]));
      return sorted;
    },
  );
  return catalogue;
}

/** The engine's voices that can speak: listed by the engine, then each made to say a word. */
async function probeEngine(engine: string, impl: LocalEngine): Promise<{ status: EngineStatus; voices: Installed[] }> {
  let listed: LocalVoice[];
  try {
    listed = await impl.voices();
  } catch (error) {
    return unavailable(engine, `not installed or not answering: ${errorField(error).message}`);
  }
  if (listed.length === 0) return unavailable(engine, "installed, but none of its voices is");
  const failures: string[] = [];
  const speaks = async (voice: LocalVoice) => {
    try {
      const pcm = await impl.synthesize(voice, PROBE_TEXT, 1);
      if (pcm.samples.some((s) => s !== 0)) return true;
      failures.push(`${voice.id}: said nothing`);
    } catch (error) {
      failures.push(`${voice.id}: ${errorField(error).message}`);
    }
    return false;
  };
  let working: LocalVoice[];
  if (PROBE_EACH_VOICE[engine]) {
    const ok = await Promise.all(listed.map(speaks));
    working = listed.filter((_, i) => ok[i]);
  } else {
    working = (await speaks(listed[0])) ? listed : [];
  }
  const problem = failures.length > 0 ? `failed its start-up probe (${failures.join("; ")})` : null;
  if (problem) logger().warn({ engine, problem }, `Local speech engine ${engine}: voices left out`);
  return {
    status: { engine, available: working.length > 0, voices: working.length, problem },
    voices: working.map((voice) => ({ voice, engine })),
  };
}

function unavailable(engine: string, problem: string): { status: EngineStatus; voices: Installed[] } {
  logger().warn({ engine, problem }, `Local speech engine ${engine} is unavailable; its voices are not offered`);
  return { status: { engine, available: false, voices: 0, problem }, voices: [] };
}

/** How each local engine fared at start-up (probing it first if nothing has asked yet). */
export async function localEngineStatus(): Promise<EngineStatus[]> {
  await localCatalogue().catch(() => undefined);
  return statuses;
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
