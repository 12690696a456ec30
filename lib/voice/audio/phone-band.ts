import "server-only";
import { decodeOutput } from "@/lib/voice/audio/decode-output";
import { startEncoder } from "@/lib/voice/audio/encode-audio";
import { decodeAlaw, decodeMulaw, encodeWav } from "@/lib/voice/audio/raw-audio";
import { getOutputFormat, type OutputFormat } from "@/lib/voice/audio/formats";

export const phoneCodecs = ["ulaw", "alaw"] as const;
export type PhoneCodec = (typeof phoneCodecs)[number];

/** The G.711 law a format is heard through on a phone line: its own, or μ-law (North America, Japan). */
export function phoneCodecFor(format: OutputFormat): PhoneCodec {
  return format.encoding.container === "raw" && format.encoding.codec === "alaw" ? "alaw" : "ulaw";
}

/**
 * A prompt as a caller hears it: resampled to 8 kHz and encoded to G.711 by the same
 * encoder as a `ulaw_8000`/`alaw_8000` prompt (band limit and companding included), then
 * decoded back to a 16-bit WAV a browser plays.
 */
export async function renderPhoneBand(bytes: Uint8Array, format: OutputFormat, codec: PhoneCodec): Promise<Uint8Array> {
  const pcm = await decodeOutput(bytes, format);
  const line = getOutputFormat(codec === "ulaw" ? "ulaw_8000" : "alaw_8000");
  const encoded = await startEncoder(line, pcm.sampleRate).encode(pcm);
  return encodeWav(codec === "ulaw" ? decodeMulaw(encoded) : decodeAlaw(encoded), line.sampleRate);
}
