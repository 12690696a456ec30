import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { newId } from "@/lib/platform/ids";
import { getStorage } from "@/lib/platform/storage/get-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import { VoiceApiError } from "@/lib/voice/errors";
import { getOutputFormat, type OutputFormat } from "@/lib/voice/audio/formats";
import type { SpeechProvider, VoiceSettingName } from "@/lib/voice/providers/speech-provider";
import { recordGeneration } from "@/lib/voice/record-generation";
import { AUDIO_PIPELINE_VERSION, renderPrompt } from "@/lib/voice/render-prompt";
import {
  countCharacters,
  type ResolvedVoiceSettings,
  type TextType,
  type TtsRequestBody,
  type TtsResult,
} from "@/lib/voice/schemas";
import { SingleFlight } from "@/lib/platform/single-flight";
import { parseSsml, type SsmlPiece } from "@/lib/voice/ssml/parse-ssml";
import { applyLexicons } from "@/lib/voice/lexicons/apply-lexicons";
import { MarkupError } from "@/lib/voice/ssml/read-xml";
import { loadLexicons } from "@/lib/voice/manage-lexicons";
import { getVoiceCatalog, type VoiceCatalog } from "@/lib/voice/voice-catalog";
import { isOneOf } from "@/lib/platform/narrow";

export type StoredAudio = {
  cacheKey: string;
  storageKey: string;
  sha256: string;
  bytes: number;
  contentType: string;
  fileExtension: string;
};

export type TtsDependencies = {
  catalog: VoiceCatalog;
  storage: ObjectStorage;
  urlTtlSeconds: number;
};

// One synthesis per cache key per process at a time; callers that arrive meanwhile share it.
const inProcess = new SingleFlight<{ audio: StoredAudio; fromCache: boolean }>();
// TtsAudio rows never change once written, so a process may remember them. Bounded, oldest out.
const knownAudio = new Map<string, StoredAudio>();
const KNOWN_AUDIO_LIMIT = 10_000;

export type CreateTtsInput = {
  orgId: string;
  body: TtsRequestBody;
  /** Generated for this prompt set (recorded, and kept out of the studio's history list). */
  promptSetId?: string;
};

/**
 * POST /tts. Serves identical requests (text, voice, model, format, resolved settings) from
 * the content cache, synthesizes at most once per key per process, records the request in
 * the organisation's history, and returns a time-limited URL.
 */
export async function createTts(input: CreateTtsInput, deps: TtsDependencies = ttsDependencies()): Promise<TtsResult> {
  return (await generateTts(input, deps)).result;
}

/** createTts, also telling where the audio is stored (for work that reads the bytes back). */
export async function generateTts(
  input: CreateTtsInput,
  deps: TtsDependencies = ttsDependencies(),
): Promise<{ result: TtsResult; audio: StoredAudio }> {
  const { body } = input;
  const format = getOutputFormat(body.output_format);
  const defaults = await deps.catalog.voiceDefaults(body.voice_id);
  if (!defaults) {
    throw new VoiceApiError(
      "voice_not_found",
      `No voice ${body.voice_id} on the connected account; GET /voices lists them.`,
    );
  }
  const settings = resolveSettings(defaults, body.voice_settings);
  const ssml = body.text_type === "ssml" ? readScript(body.text) : null;
  const lexicons = await loadLexicons(input.orgId, body.lexicon_ids);
  const pieces: readonly SsmlPiece[] | undefined =
    lexicons.length > 0
      ? applyLexicons(
          ssml?.pieces ?? [{ kind: "text", text: body.text, rate: 1 }],
          lexicons.map((l) => l.lexemes),
        )
      : ssml?.pieces;
  const warnings = pieces
    ? ((await deps.catalog.provider.pieceWarnings?.(body.voice_id, body.model_id, pieces)) ?? [])
    : [];
  const { applied, ignoredNote } = appliedSettings(deps.catalog.provider, settings, body.voice_settings);
  if (ignoredNote) warnings.push(ignoredNote);
  const cacheKey = ttsCacheKey({
    orgId: input.orgId,
    providerId: deps.catalog.provider.id,
    honouredSettings: deps.catalog.provider.honouredSettings,
    text: body.text,
    textType: body.text_type,
    lexicons: lexicons.map((l) => [l.id, l.version] as const),
    voiceId: body.voice_id,
    modelId: body.model_id,
    outputFormat: format.id,
    settings,
  });

  let audio = knownAudio.get(cacheKey);
  let cached = true;
  // A cache hit is only as good as its object: storage that lost it (a lifecycle rule, a
  // cleared disk) would otherwise get a URL that 404s. One stat/HEAD per hit.
  if (audio && !(await deps.storage.exists(audio.storageKey))) {
    knownAudio.delete(cacheKey);
    audio = undefined;
  }
  if (!audio) {
    const { value, shared } = await inProcess.run(cacheKey, () =>
      findOrSynthesize(cacheKey, format, deps, { ...body, text: ssml?.spoken ?? body.text, pieces, settings }),
    );
    audio = value.audio;
    cached = shared || value.fromCache;
    remember(audio);
  }

  const characters = countCharacters(ssml?.spoken ?? body.text);
  await recordGeneration({
    id: newId("tts"),
    orgId: input.orgId,
    cacheKey,
    text: body.text,
    voiceId: body.voice_id,
    modelId: body.model_id,
    outputFormat: format.id,
    voiceSettings: body.voice_settings ? settings : undefined,
    characters,
    cached,
    sha256: audio.sha256,
    bytes: audio.bytes,
    promptSetId: input.promptSetId,
  });

  const audioUrl = await deps.storage.signedUrl(audio.storageKey, {
    expiresInSeconds: deps.urlTtlSeconds,
    contentType: audio.contentType,
    filename: `prompt-${audio.sha256.slice(0, 12)}${audio.fileExtension}`,
    disposition: "attachment",
  });

  const result: TtsResult = {
    audio_url: audioUrl,
    file_extension: audio.fileExtension,
    content_type: audio.contentType,
    cached,
    characters,
    voice_id: body.voice_id,
    model_id: body.model_id,
    output_format: format.id,
    voice_settings: body.voice_settings ? settings : null,
    sha256: audio.sha256,
    bytes: audio.bytes,
    text_type: body.text_type,
    lexicon_ids: body.lexicon_ids,
    applied_settings: applied,
    warnings,
  };
  return { result, audio };
}

/**
 * The settings the voice honoured (the answer's `applied_settings`), and a sentence naming any
 * the request sent that it ignores: their audio is the one without them, cached or not.
 */
export function appliedSettings(
  provider: Pick<SpeechProvider, "id" | "honouredSettings">,
  settings: ResolvedVoiceSettings,
  requested: Partial<ResolvedVoiceSettings> | undefined,
): { applied: Partial<ResolvedVoiceSettings>; ignoredNote: string | null } {
  const honoured = provider.honouredSettings;
  const applied = Object.fromEntries(honoured.map((name) => [name, settings[name]]));
  const ignored = Object.keys(requested ?? {}).filter((name) => !isOneOf(honoured, name));
  if (ignored.length === 0) return { applied, ignoredNote: null };
  const list = ignored.join(", ");
  return {
    applied,
    ignoredNote:
      `voice_settings ${list} ${ignored.length > 1 ? "were" : "was"} not applied: ${provider.id} voices change ` +
      `only with ${honoured.join(", ") || "none of them"}, so the audio is the same as without ${ignored.length > 1 ? "them" : "it"}.`,
  };
}

/** The SSML of a request; the schema has checked it, but a prompt set's stored text is read here too. */
function readScript(text: string) {
  try {
    return parseSsml(text);
  } catch (error) {
    if (error instanceof MarkupError)
      throw new VoiceApiError("bad_request", `Invalid text: is not valid SSML: ${error.message}`);
    throw error;
  }
}

/** The configured provider's catalogue, storage driver and URL lifetime. */
export function ttsDependencies(): TtsDependencies {
  return { catalog: getVoiceCatalog(), storage: getStorage(), urlTtlSeconds: env().AUDIO_URL_TTL_SECONDS };
}

/** Omitted settings take the voice's stored defaults. */
export function resolveSettings(
  defaults: ResolvedVoiceSettings,
  requested: Partial<ResolvedVoiceSettings> | undefined,
): ResolvedVoiceSettings {
  return {
    stability: requested?.stability ?? defaults.stability,
    similarity_boost: requested?.similarity_boost ?? defaults.similarity_boost,
    style: requested?.style ?? defaults.style,
    speed: requested?.speed ?? defaults.speed,
    use_speaker_boost: requested?.use_speaker_boost ?? defaults.use_speaker_boost,
  };
}

/**
 * sha256 of the canonical request: fixed field order, settings fully resolved. Settings the
 * provider does not honour are left out (null), so changing one never synthesizes again: the
 * audio would be the same. The cache is per organisation: a shared one would let `cached: true`
 * (and the faster answer) tell one customer that another already generated this exact script.
 */
export function ttsCacheKey(request: {
  orgId: string;
  providerId: string;
  honouredSettings: readonly VoiceSettingName[];
  text: string;
  /** Plain text keys as it always has; SSML adds its type, so the same characters as text differ. */
  textType?: TextType;
  /** Each lexicon applied, with its version: editing one makes its prompts new prompts. */
  lexicons?: readonly (readonly [string, number])[];
  voiceId: string;
  modelId: string;
  outputFormat: string;
  settings: ResolvedVoiceSettings;
}): string {
  const honoured = new Set(request.honouredSettings);
  const setting = (name: VoiceSettingName) => (honoured.has(name) ? request.settings[name] : null);
  const canonical = JSON.stringify([
    AUDIO_PIPELINE_VERSION,
    request.orgId,
    request.providerId,
    request.voiceId,
    request.modelId,
    request.outputFormat,
    [
      setting("stability"),
      setting("similarity_boost"),
      setting("style"),
      setting("speed"),
      setting("use_speaker_boost"),
    ],
    request.text,
    ...(request.textType && request.textType !== "text" ? [request.textType] : []),
    ...(request.lexicons?.length ? [request.lexicons] : []),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

async function findOrSynthesize(
  cacheKey: string,
  format: OutputFormat,
  deps: TtsDependencies,
  request: SynthesisInput,
): Promise<{ audio: StoredAudio; fromCache: boolean }> {
  const existing = await db.ttsAudio.findUnique({ where: { cacheKey } });
  if (existing) {
    if (await deps.storage.exists(existing.storageKey)) return { audio: existing, fromCache: true };
    return await replaceLostObject(existing, format, deps, request);
  }

  const audio = await renderAndStore(cacheKey, format, deps, request);
  return recordOrYield(
    audio,
    deps,
    async () => (await db.ttsAudio.createMany({ data: [audio], skipDuplicates: true })).count,
  );
}

/**
 * Writes the row for audio we just stored (`write` answers how many rows it wrote). When another
 * process's row won instead, everyone serves its audio and ours is dropped; when the write
 * fails, ours is dropped too, so no object is left that no row points at.
 */
async function recordOrYield(
  audio: StoredAudio,
  deps: TtsDependencies,
  write: () => Promise<number>,
): Promise<{ audio: StoredAudio; fromCache: boolean }> {
  try {
    if ((await write()) === 1) return { audio, fromCache: false };
  } catch (error) {
    await deps.storage.delete(audio.storageKey).catch(() => undefined);
    throw error;
  }
  const winner = await db.ttsAudio.findUniqueOrThrow({ where: { cacheKey: audio.cacheKey } });
  if (winner.storageKey !== audio.storageKey) await deps.storage.delete(audio.storageKey).catch(() => undefined);
  return { audio: winner, fromCache: true };
}

type SynthesisInput = {
  text: string;
  pieces?: readonly SsmlPiece[];
  voice_id: string;
  model_id: TtsRequestBody["model_id"];
  settings: ResolvedVoiceSettings;
};

/**
 * The row says this key is cached but its object is gone from storage: synthesize again and
 * point the row at the new object. The update only applies if the row still points at the
 * lost object, so a process that repaired it first wins and ours is dropped.
 */
async function replaceLostObject(
  lost: StoredAudio,
  format: OutputFormat,
  deps: TtsDependencies,
  request: SynthesisInput,
): Promise<{ audio: StoredAudio; fromCache: boolean }> {
  const audio = await renderAndStore(lost.cacheKey, format, deps, request);
  return recordOrYield(audio, deps, async () => {
    const { count } = await db.ttsAudio.updateMany({
      where: { cacheKey: lost.cacheKey, storageKey: lost.storageKey },
      data: {
        storageKey: audio.storageKey,
        sha256: audio.sha256,
        bytes: audio.bytes,
        contentType: audio.contentType,
        fileExtension: audio.fileExtension,
      },
    });
    return count;
  });
}

/** Synthesis, then the object (object first, row second: a row only ever points at a complete object). */
async function renderAndStore(
  cacheKey: string,
  format: OutputFormat,
  deps: TtsDependencies,
  request: SynthesisInput,
): Promise<StoredAudio> {
  const bytes = await renderPrompt(deps.catalog.provider, {
    text: request.text,
    pieces: request.pieces,
    voiceId: request.voice_id,
    modelId: request.model_id,
    settings: request.settings,
    format,
  });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  // One object per (cache key, content): another process racing on the same key writes its
  // own object, so neither can overwrite the one the database row points at.
  const storageKey = `tts/${cacheKey.slice(0, 2)}/${cacheKey}/${sha256}${format.fileExtension}`;
  await deps.storage.put(storageKey, bytes, format.contentType);
  return {
    cacheKey,
    storageKey,
    sha256,
    bytes: bytes.length,
    contentType: format.contentType,
    fileExtension: format.fileExtension,
  };
}

function remember(audio: StoredAudio) {
  if (knownAudio.size >= KNOWN_AUDIO_LIMIT) {
    const oldest = knownAudio.keys().next().value;
    if (oldest !== undefined) knownAudio.delete(oldest);
  }
  knownAudio.set(audio.cacheKey, audio);
}
