// What a local engine is asked to say, in order: runs of speech at one rate, and silences.
import type { SsmlPiece } from "@/lib/voice/ssml/parse-ssml";
import { sayAsText } from "@/lib/voice/ssml/say-as";

export type SpeechChunk = { kind: "speech"; text: string; rate: number } | { kind: "silence"; ms: number };

type Phoneme = Extract<SsmlPiece, { kind: "phoneme" }>;

/**
 * Pieces as chunks an engine speaks one at a time. `phoneme` gives the engine's own notation for a
 * pronunciation, or null when the engine cannot take it (then its text is spoken). Neighbouring
 * speech at the same rate is one chunk, so it keeps its natural intonation.
 */
export function speechChunks(
  pieces: readonly SsmlPiece[],
  options: { locale: string | null; phoneme: (piece: Phoneme) => string | null },
): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  for (const piece of pieces) {
    if (piece.kind === "break") {
      const last = chunks.at(-1);
      if (last?.kind === "silence") last.ms += piece.ms;
      else if (piece.ms > 0) chunks.push({ kind: "silence", ms: piece.ms });
      continue;
    }
    const text =
      piece.kind === "say-as"
        ? ` ${sayAsText(piece, options.locale)} `
        : piece.kind === "phoneme"
          ? ` ${options.phoneme(piece) ?? piece.text} `
          : piece.text;
    const last = chunks.at(-1);
    if (last?.kind === "speech" && last.rate === piece.rate) last.text += text;
    else chunks.push({ kind: "speech", text, rate: piece.rate });
  }
  return chunks
    .map((chunk) => (chunk.kind === "speech" ? { ...chunk, text: chunk.text.replace(/\s+/g, " ").trim() } : chunk))
    .filter((chunk) => chunk.kind === "silence" || chunk.text !== "");
}
