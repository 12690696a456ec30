// The one table of output formats. It drives request validation (lib/voice/schemas.ts), the ffmpeg
// encoder arguments (lib/voice/audio/encode-audio.ts), the stored object's Content-Type, the
// /formats listing and the /tts result. Plain data: safe to import from client code.

export const formatGroups = ["telephony", "wav", "pcm", "mp3", "opus"] as const;
export type FormatGroup = (typeof formatGroups)[number];

/** How the bytes are laid out on disk. */
type FormatEncoding =
  | { container: "wav" } // RIFF/WAVE, PCM signed 16-bit little-endian, mono
  | { container: "raw"; codec: "s16le" | "mulaw" | "alaw" } // headerless samples, mono
  | { container: "mp3"; bitrateKbps: number } // MPEG audio layer III, constant bitrate
  | { container: "ogg"; bitrateKbps: number }; // Ogg Opus, constant bitrate

export type OutputFormat = {
  id: string;
  label: string;
  group: FormatGroup;
  fileExtension: string;
  contentType: string;
  sampleRate: number;
  encoding: FormatEncoding;
  minProviderPlan?: "creator" | "pro";
  isDefault: boolean;
  /** For the README: where a file in this format plays as-is. */
  playsOn: string;
};

const ASTERISK = "Asterisk, FreeSWITCH, most PBX/IVR systems (native)";
const BROWSERS = "browsers, media players";

function wav(rate: number, group: FormatGroup, playsOn: string, extra: Partial<OutputFormat> = {}): OutputFormat {
  return {
    id: `wav_${rate}`,
    label: `WAV ${khz(rate)} kHz (PCM 16-bit mono)`,
    group,
    fileExtension: ".wav",
    contentType: "audio/wav",
    sampleRate: rate,
    encoding: { container: "wav" },
    isDefault: false,
    playsOn,
    ...extra,
  };
}

function pcm(
  rate: number,
  fileExtension: string,
  group: FormatGroup,
  playsOn: string,
  extra: Partial<OutputFormat> = {},
): OutputFormat {
  return {
    id: `pcm_${rate}`,
    label: `Raw PCM ${khz(rate)} kHz (signed 16-bit little-endian mono)`,
    group,
    fileExtension,
    // No registered type names little-endian headerless PCM (audio/L16 is big-endian).
    contentType: "audio/pcm",
    sampleRate: rate,
    encoding: { container: "raw", codec: "s16le" },
    isDefault: false,
    playsOn,
    ...extra,
  };
}

function mp3(rate: number, kbps: number, extra: Partial<OutputFormat> = {}): OutputFormat {
  return {
    id: `mp3_${rate}_${kbps}`,
    label: `MP3 ${khz(rate)} kHz ${kbps} kbps`,
    group: "mp3",
    fileExtension: ".mp3",
    contentType: "audio/mpeg",
    sampleRate: rate,
    encoding: { container: "mp3", bitrateKbps: kbps },
    isDefault: false,
    playsOn: `${BROWSERS}, cloud PBX uploads, Asterisk with format_mp3`,
    ...extra,
  };
}

function opus(kbps: number): OutputFormat {
  return {
    id: `opus_48000_${kbps}`,
    label: `Opus 48 kHz ${kbps} kbps (Ogg)`,
    group: "opus",
    fileExtension: ".opus",
    contentType: "audio/ogg",
    sampleRate: 48000,
    encoding: { container: "ogg", bitrateKbps: kbps },
    isDefault: false,
    playsOn: `${BROWSERS}, WebRTC apps, FreeSWITCH (mod_opusfile)`,
  };
}

function khz(rate: number): string {
  return String(rate / 1000);
}

export const OUTPUT_FORMATS: readonly OutputFormat[] = [
  wav(8000, "telephony", ASTERISK, { label: "WAV 8 kHz (PCM 16-bit mono, telephony)", isDefault: true }),
  {
    id: "ulaw_8000",
    label: "G.711 μ-law 8 kHz (raw)",
    group: "telephony",
    fileExtension: ".ulaw",
    contentType: "audio/basic", // RFC 2046: 8-bit μ-law, 8 kHz, mono, no header
    sampleRate: 8000,
    encoding: { container: "raw", codec: "mulaw" },
    isDefault: false,
    playsOn: `${ASTERISK}; North American/Japanese trunks, Twilio`,
  },
  {
    id: "alaw_8000",
    label: "G.711 A-law 8 kHz (raw)",
    group: "telephony",
    fileExtension: ".alaw",
    contentType: "audio/pcma", // RFC 4856
    sampleRate: 8000,
    encoding: { container: "raw", codec: "alaw" },
    isDefault: false,
    playsOn: `${ASTERISK}; European trunks`,
  },
  pcm(8000, ".sln", "telephony", "Asterisk (.sln, signed linear 8 kHz), FreeSWITCH", {
    label: "Raw PCM 8 kHz (signed linear 16-bit, telephony)",
  }),
  // Asterisk's 16 kHz WAV reader is registered for ".wav16", not ".wav".
  wav(16000, "wav", `${BROWSERS}, wideband (G.722) PBXs; Asterisk after renaming to .wav16`),
  wav(22050, "wav", BROWSERS),
  wav(24000, "wav", BROWSERS),
  wav(44100, "wav", BROWSERS, { minProviderPlan: "pro" }),
  pcm(16000, ".sln16", "pcm", "Asterisk (.sln16, wideband signed linear)"),
  // Asterisk has no 22.05 kHz signed-linear extension, so this one is a generic raw file.
  pcm(22050, ".pcm", "pcm", "audio tools that accept raw s16le input (sox, ffmpeg, Audacity import)"),
  pcm(24000, ".sln24", "pcm", "Asterisk (.sln24)"),
  pcm(44100, ".sln44", "pcm", "Asterisk (.sln44)", { minProviderPlan: "pro" }),
  mp3(22050, 32),
  mp3(24000, 48),
  mp3(44100, 32),
  mp3(44100, 64),
  mp3(44100, 96),
  mp3(44100, 128),
  mp3(44100, 192, { minProviderPlan: "creator" }),
  opus(32),
  opus(64),
  opus(96),
  opus(128),
  opus(192),
];

export const OUTPUT_FORMAT_IDS = OUTPUT_FORMATS.map((f) => f.id);
export const DEFAULT_OUTPUT_FORMAT = "wav_8000";

const BY_ID = new Map(OUTPUT_FORMATS.map((f) => [f.id, f]));

export function getOutputFormat(id: string): OutputFormat {
  const format = BY_ID.get(id);
  if (!format) throw new Error(`Unknown output format: ${id}`);
  return format;
}

/** The public Format resource of spec part 2. */
export function serializeFormat(format: OutputFormat) {
  return {
    id: format.id,
    label: format.label,
    group: format.group,
    file_extension: format.fileExtension,
    content_type: format.contentType,
    ...(format.minProviderPlan ? { min_provider_plan: format.minProviderPlan } : {}),
    default: format.isDefault,
  };
}
