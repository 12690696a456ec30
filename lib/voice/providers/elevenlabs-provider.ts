import "server-only";
import type { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { DEFAULT_ELEVENLABS_MODELS } from "@/lib/platform/env";
import { lazy } from "@/lib/platform/lazy";
import { decodeAudio } from "@/lib/voice/audio/decode-audio";
import { pcmFromS16le, type PcmAudio } from "@/lib/voice/audio/pcm";
import type { OutputFormat } from "@/lib/voice/audio/formats";
import { HONOURED_SETTINGS } from "@/lib/voice/providers/honoured-settings";
import { elevenLabsText } from "@/lib/voice/providers/elevenlabs-ssml";
import {
  DEFAULT_VOICE_SETTINGS,
  UpstreamError,
  type SpeechProvider,
  type SynthesisRequest,
} from "@/lib/voice/providers/speech-provider";
import type { ModelId } from "@/lib/platform/config/model-ids";
import type { ResolvedVoiceSettings, Voice } from "@/lib/voice/providers/voice-schemas";
import { isRecord } from "@/lib/platform/narrow";

export type UpstreamFormat = {
  id: "mp3_44100_192" | "mp3_44100_128" | "pcm_44100" | "pcm_24000" | "pcm_22050" | "pcm_16000";
  sampleRate: number;
  container: "pcm" | "mp3";
};

/**
 * What we ask ElevenLabs for, given the format the caller wants. Every prompt is trimmed and
 * levelled before encoding, so we ask for lossless PCM at (or above) the target rate where
 * every plan has it, and decode MP3 where PCM at that rate would need a higher plan than the
 * caller's format does (44.1 kHz PCM is Pro-only upstream, 44.1 kHz MP3 up to 128 kbps is
 * on every plan). The plan-gated formats are asked for exactly, so the upstream plan check
 * (and its 400/403) applies to exactly the formats the spec says it does.
 */
export function upstreamFormatFor(format: OutputFormat): UpstreamFormat {
  if (format.id === "mp3_44100_192") return { id: "mp3_44100_192", sampleRate: 44100, container: "mp3" };
  if (format.id === "wav_44100" || format.id === "pcm_44100")
    return { id: "pcm_44100", sampleRate: 44100, container: "pcm" };
  if (format.sampleRate <= 16000) return { id: "pcm_16000", sampleRate: 16000, container: "pcm" };
  if (format.sampleRate === 22050) return { id: "pcm_22050", sampleRate: 22050, container: "pcm" };
  if (format.sampleRate === 44100) return { id: "mp3_44100_128", sampleRate: 44100, container: "mp3" };
  // 24 kHz formats, and Opus (48 kHz container; speech models top out well below 12 kHz).
  return { id: "pcm_24000", sampleRate: 24000, container: "pcm" };
}

export type ElevenLabsOptions = {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  /** Our model ids -> ElevenLabs model ids (ELEVENLABS_MODEL_MAP); the defaults when omitted. */
  models?: Record<ModelId, string>;
  /** Pause before the single retry of a 429 when the upstream sends no usable Retry-After. */
  retryDelayMs?: number;
};

const MAX_RETRY_AFTER_MS = 2000;

// The SDK is large (bundled, its four copies were 41 MiB of the server's heap in source text
// alone: docs/operations.md#what-the-memory-is), so it is loaded on the first upstream call,
// never by a server that speaks with the local engines; next.config.ts keeps it out of the
// bundle, so a server that uses it holds one copy.
const loadSdk = lazy(() => import("@elevenlabs/elevenlabs-js"));
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** ElevenLabs through the official SDK, at a configurable base URL (tests use a fake on loopback). */
export function createElevenLabsProvider(options: ElevenLabsOptions): SpeechProvider {
  const connect = lazy(async () => {
    const sdk = await loadSdk();
    const client = new sdk.ElevenLabsClient({
      apiKey: options.apiKey,
      baseUrl: options.baseUrl.replace(/\/$/, ""),
      timeoutInSeconds: options.timeoutMs / 1000,
      // One retry of 429 is ours to make (spec part 8); the SDK's own retries would multiply it.
      maxRetries: 0,
    });
    return { sdk, client };
  });
  const retryDelayMs = options.retryDelayMs ?? 500;
  const models = options.models ?? DEFAULT_ELEVENLABS_MODELS;

  /** Runs an upstream call with the overall timeout, retrying a 429 once; maps every failure. */
  async function call<T>(what: string, op: (client: ElevenLabsClient, signal: AbortSignal) => Promise<T>): Promise<T> {
    const { sdk, client } = await connect();
    for (let attempt = 1; ; attempt++) {
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        return await op(client, signal);
      } catch (error) {
        const mapped = mapUpstreamError(sdk, error, what, signal, options.timeoutMs);
        if (mapped.kind === "rate_limited" && attempt === 1) {
          await sleep(retryAfterMs(sdk, error) ?? retryDelayMs);
          continue;
        }
        throw mapped;
      }
    }
  }

  return {
    id: "elevenlabs",
    runsLocally: false,
    honouredSettings: HONOURED_SETTINGS.elevenlabs,
    async listVoices() {
      const response = await call("listing voices", (client, abortSignal) => client.voices.getAll({}, { abortSignal }));
      if (!response || !Array.isArray(response.voices))
        throw new UpstreamError("failed", "ElevenLabs returned an unreadable voice list.");
      return response.voices.map(toPublicVoice);
    },

    async voiceDefaults(voiceId) {
      try {
        const settings = await call("reading voice settings", (client, abortSignal) =>
          client.voices.settings.get(voiceId, { abortSignal }),
        );
        return resolveSettings(settings ?? {});
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === "voice_not_found") return null;
        throw error;
      }
    },

    sourceSampleRate(format) {
      return upstreamFormatFor(format).sampleRate;
    },

    async pieceWarnings(_voiceId, modelId, pieces) {
      return elevenLabsText(pieces, models[modelId]).warnings;
    },

    async synthesize(request: SynthesisRequest): Promise<PcmAudio> {
      const upstream = upstreamFormatFor(request.format);
      const { settings } = request;
      const bytes = await call("synthesizing speech", async (client, abortSignal) => {
        const { data, rawResponse } = await client.textToSpeech
          .convert(
            request.voiceId,
            {
              text: request.pieces ? elevenLabsText(request.pieces, models[request.modelId]).text : request.text,
              modelId: models[request.modelId],
              outputFormat: upstream.id,
              voiceSettings: {
                stability: settings.stability,
                similarityBoost: settings.similarity_boost,
                style: settings.style,
                speed: settings.speed,
                useSpeakerBoost: settings.use_speaker_boost,
              },
            },
            { abortSignal },
          )
          .withRawResponse();
        const contentType = rawResponse.headers.get("content-type") ?? "";
        // The SDK hands back an error object instead of a stream when the body is missing.
        if (!(data instanceof ReadableStream)) throw new UpstreamError("failed", "ElevenLabs returned no audio body.");
        // The whole body is read under the same deadline: a stalled stream is a timeout too.
        const body = Buffer.from(await new Response(data).arrayBuffer());
        return { body, contentType };
      });
      return await decodeUpstreamAudio(bytes.body, bytes.contentType, upstream);
    },
  };
}

async function decodeUpstreamAudio(body: Buffer, contentType: string, upstream: UpstreamFormat): Promise<PcmAudio> {
  const garbage = (why: string) => new UpstreamError("failed", `ElevenLabs returned unusable audio (${why}).`);
  if (/json|text|html|xml/i.test(contentType)) throw garbage(`content type ${contentType}`);
  if (body.length === 0) throw garbage("empty body");
  if (upstream.container === "pcm") {
    if (body.length % 2 !== 0) throw garbage("odd number of bytes for 16-bit PCM");
    return pcmFromS16le(body, upstream.sampleRate);
  }
  try {
    const pcm = await decodeAudio(body, upstream.sampleRate);
    if (pcm.samples.length === 0) throw new Error("no samples");
    return pcm;
  } catch (error) {
    throw garbage(`not decodable as ${upstream.id}: ${error instanceof Error ? error.message : error}`);
  }
}

function toPublicVoice(voice: {
  voiceId: string;
  name?: string;
  description?: string;
  category?: string;
  labels?: Record<string, string>;
  previewUrl?: string;
  verifiedLanguages?: { language: string; locale?: string }[];
}): Voice {
  const labels = voice.labels ?? {};
  const verified = voice.verifiedLanguages ?? [];
  const languages = [
    ...new Set([labels.language, ...verified.map((l) => l.language)].filter((l): l is string => Boolean(l))),
  ];
  return {
    id: voice.voiceId,
    name: voice.name ?? voice.voiceId,
    description: voice.description || labels.description || null,
    category: voice.category ?? null,
    gender: labels.gender || null,
    age: labels.age || null,
    accent: labels.accent || null,
    language: languages[0] ?? null,
    locale: verified.find((l) => l.locale)?.locale ?? labels.locale ?? null,
    languages,
    preview_url: voice.previewUrl || null,
  };
}

function resolveSettings(settings: {
  stability?: number;
  similarityBoost?: number;
  style?: number;
  speed?: number;
  useSpeakerBoost?: boolean;
}): ResolvedVoiceSettings {
  const within = (v: number | undefined, lo: number, hi: number, fallback: number) =>
    typeof v === "number" && Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback;
  const d = DEFAULT_VOICE_SETTINGS;
  return {
    stability: within(settings.stability, 0, 1, d.stability),
    similarity_boost: within(settings.similarityBoost, 0, 1, d.similarity_boost),
    style: within(settings.style, 0, 1, d.style),
    speed: within(settings.speed, 0.7, 1.2, d.speed),
    use_speaker_boost: typeof settings.useSpeakerBoost === "boolean" ? settings.useSpeakerBoost : d.use_speaker_boost,
  };
}

/** Upstream failure -> UpstreamError. A plan-gated format comes back as 400 or 403 upstream. */
function mapUpstreamError(
  { ElevenLabsError, ElevenLabsTimeoutError }: Sdk,
  error: unknown,
  what: string,
  signal: AbortSignal,
  timeoutMs: number,
): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof ElevenLabsTimeoutError || signal.aborted) {
    return new UpstreamError("failed", `ElevenLabs did not answer within ${timeoutMs} ms while ${what}.`, {
      cause: error,
    });
  }
  if (!(error instanceof ElevenLabsError) || error.statusCode === undefined) {
    const detail = error instanceof Error ? error.message : String(error);
    return new UpstreamError("failed", `ElevenLabs could not be reached or answered garbage while ${what}: ${detail}`, {
      cause: error,
    });
  }
  const status = error.statusCode;
  const { code, message } = upstreamDetail(error.body);
  const said = message ? `: ${message}` : "";
  if ((status === 400 || status === 403 || status === 422) && isPlanRejection(code, message)) {
    return new UpstreamError("format_not_in_plan", `The upstream plan does not include this output format${said}`, {
      cause: error,
    });
  }
  if (status === 404)
    return new UpstreamError("voice_not_found", `ElevenLabs has no such voice${said}`, { cause: error });
  if (status === 429)
    return new UpstreamError("rate_limited", `ElevenLabs is at its concurrency limit${said}`, { cause: error });
  if (status === 400 || status === 422) {
    return new UpstreamError("rejected", `ElevenLabs rejected the request${said}`, { cause: error });
  }
  return new UpstreamError("failed", `ElevenLabs answered ${status} while ${what}${said}`, { cause: error });
}

function upstreamDetail(body: unknown): { code: string; message: string } {
  const detail = isRecord(body) && "detail" in body ? body.detail : body;
  if (typeof detail === "string") return { code: "", message: detail.slice(0, 300) };
  if (Array.isArray(detail)) return { code: "", message: JSON.stringify(detail).slice(0, 300) };
  if (isRecord(detail)) {
    const d = detail;
    return {
      code: typeof d.status === "string" ? d.status : typeof d.code === "string" ? d.code : "",
      message:
        typeof d.message === "string" ? d.message.slice(0, 300) : typeof d.msg === "string" ? d.msg.slice(0, 300) : "",
    };
  }
  return { code: "", message: "" };
}

function isPlanRejection(code: string, message: string): boolean {
  return (
    /output_format|format_not_allowed|subscription|tier|plan/i.test(code) ||
    /output format.*(tier|plan|subscri)/i.test(message)
  );
}

function retryAfterMs({ ElevenLabsError }: Sdk, error: unknown): number | undefined {
  if (!(error instanceof ElevenLabsError)) return undefined;
  const header = error.rawResponse?.headers?.get?.("retry-after");
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
