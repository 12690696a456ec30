// Examples for the Voice Prompt document: a phone menu's greeting, as a client sends and gets it.
// tests/openapi/examples.test.ts validates every one against the schema it illustrates.
import type { VoiceErrorCode } from "@/lib/voice/schemas";

const SHA = "9f2c4e1a7b3d5f60812a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d";

/** A download link as the local storage driver signs it (GET /files, the key a signed query parameter). */
const signedUrl = (key: string, contentType: string, filename: string) =>
  `https://voice.example/files?${new URLSearchParams({
    key,
    expires: "1795640400",
    content_type: contentType,
    filename,
    disposition: "attachment",
    signature: "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c",
  })}`;
const resolvedSettings = { stability: 0.5, similarity_boost: 0.75, style: 0, speed: 1, use_speaker_boost: true };
const counts = { total: 2, pending: 0, queued: 0, generating: 0, done: 2, cached: 1, failed: 0 };
const generation = { state: "completed", started_at: "2026-11-25T10:00:01.000Z", counts };

const PLS =
  '<?xml version="1.0" encoding="UTF-8"?>\n<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" ' +
  'alphabet="ipa" xml:lang="en-US">\n  <lexeme>\n    <grapheme>Voiceage</grapheme>\n    <alias>Voice Age</alias>\n  </lexeme>\n</lexicon>\n';
const lexiconSummary = {
  id: "lex_4Hq8sN2cVbXk0LrT7vYa3mEd",
  name: "Brand names",
  language: "en-US",
  version: 1,
  lexeme_count: 1,
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

const summary = {
  id: "ps_7Jd0aQ2mWbXk9LrT4vYs1nEe",
  name: "Main menu",
  language: "en",
  voice_id: "fliteRms",
  model_id: "tts_multilingual_v2",
  output_format: "ulaw_8000",
  voice_settings: null,
  text_type: "text",
  lexicon_ids: [],
  file_extension: ".ulaw",
  generation,
  created_at: "2026-11-25T10:00:00.000Z",
  updated_at: "2026-11-25T10:00:04.000Z",
};

const prompt = (id: string, name: string, text: string, cached: boolean) => ({
  id,
  name,
  text,
  status: "done",
  file_name: `${name}.ulaw`,
  cached,
  sha256: SHA,
  bytes: 17_600,
  duration_ms: 2200,
  audio_url: signedUrl(`tts/${SHA}.ulaw`, "audio/basic", `${name}.ulaw`),
  error: null,
  generated_at: "2026-11-25T10:00:03.000Z",
});
const prompts = [
  prompt("psp_Vf3kQ8nZ1xLc5tRb7mWd2hJs", "welcome", "Thank you for calling Example Dental.", false),
  prompt("psp_Yq6wE9rT2uIo4pAs8dFg1hJk", "menu", "For appointments, press 1. For billing, press 2.", true),
];

export const voiceExamples = {
  health: { ok: true, service: "voice-prompt" },
  healthDetails: {
    ok: true,
    service: "voice-prompt",
    provider: "local",
    engines: [
      {
        engine: "festival",
        available: false,
        voices: 0,
        problem: "not installed or not answering: spawn festival ENOENT",
      },
      { engine: "flite", available: true, voices: 4, problem: null },
      { engine: "espeak", available: true, voices: 131, problem: null },
    ],
  },
  voiceList: {
    voices: [
      {
        id: "fliteRms",
        name: "Rms (Flite)",
        description:
          "US English male, unit selection from CMU's ARCTIC recordings, run by Flite: natural voice quality with " +
          "audible joins. Very fast, free and fully offline.",
        category: "flite",
        gender: "male",
        age: "adult",
        accent: "America",
        language: "en",
        locale: "en-US",
        languages: ["en"],
        preview_url: "https://voice.example/voices/fliteRms/preview.mp3",
      },
    ],
    count: 1,
  },
  formatList: {
    formats: [
      {
        id: "ulaw_8000",
        label: "G.711 µ-law, 8 kHz",
        group: "telephony",
        file_extension: ".ulaw",
        content_type: "audio/basic",
        default: false,
      },
    ],
    count: 1,
  },
  ttsRequest: { text: "Thank you for calling. For sales, press 1.", voice_id: "fliteRms" },
  ttsResult: {
    audio_url: signedUrl(`tts/${SHA}.wav`, "audio/wav", "prompt-9f2c4e1a7b3d.wav"),
    file_extension: ".wav",
    content_type: "audio/wav",
    cached: false,
    characters: 42,
    voice_id: "fliteRms",
    model_id: "tts_multilingual_v2",
    output_format: "wav_8000",
    voice_settings: resolvedSettings,
    sha256: SHA,
    bytes: 48_044,
    text_type: "text",
    lexicon_ids: [],
    applied_settings: { speed: resolvedSettings.speed },
    warnings: [
      "voice_settings stability, similarity_boost, style, use_speaker_boost were not applied: local voices change only with speed, so the audio is the same as without them.",
    ],
  },
  promptSetCreate: {
    name: "Main menu",
    voice_id: "fliteRms",
    output_format: "ulaw_8000",
    prompts: [
      { name: "welcome", text: "Thank you for calling Example Dental." },
      { name: "menu", text: "For appointments, press 1. For billing, press 2." },
    ],
  },
  promptSetUpdate: { name: "Main menu (spring)" },
  lexiconCreate: { name: "Brand names", pls: PLS },
  lexicon: { ...lexiconSummary, lexemes: [{ graphemes: ["Voiceage"], alias: "Voice Age", phoneme: null }], pls: PLS },
  lexiconList: { lexicons: [lexiconSummary], count: 1 },
  lexiconDeleted: { id: lexiconSummary.id, deleted: true },
  promptSetGenerate: { only: "failed" },
  promptSetDuplicate: { name: "Main menu (copy)" },
  promptSet: { ...summary, prompts },
  promptSetList: { prompt_sets: [summary], count: 1 },
  promptSetStatus: {
    id: summary.id,
    generation,
    prompts: prompts.map(({ id, name, status, cached, duration_ms, error }) => ({
      id,
      name,
      status,
      cached,
      duration_ms,
      error,
    })),
  },
  deletedPromptSet: { id: summary.id, deleted: true },
  csv: 'name,text\nwelcome,Thank you for calling Example Dental.\nmenu,"For appointments, press 1. For billing, press 2."\n',
};

const errorMessages: Record<VoiceErrorCode, string> = {
  bad_request: "text must not be empty",
  format_not_in_plan: "The provider plan does not include output_format pcm_44100.",
  unauthorized: "Missing or invalid API key. Send it in the x-api-key header.",
  forbidden: "This download link has expired.",
  voice_not_found: "No voice fliteRmz on the connected account.",
  not_found: "No such prompt set: ps_7Jd0aQ2mWbXk9LrT4vYs1nEe",
  method_not_allowed: "DELETE is not allowed on /tts.",
  prompt_set_not_ready: "1 of 2 prompts is not generated yet.",
  request_too_large: "Request body is larger than 64 KB.",
  rate_limited: "Too many requests; retry after the time in Retry-After.",
  internal_error: "An internal error occurred.",
  upstream_error: "The speech provider did not answer in time.",
};

/** An error envelope as the API writes it for this code. */
export const voiceErrorExample = (code: VoiceErrorCode) => ({ error: { code, message: errorMessages[code] } });
