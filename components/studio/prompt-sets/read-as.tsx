import type { Lexeme } from "@/lib/voice/lexicons/parse-pls";
import { applyLexicons } from "@/lib/voice/lexicons/apply-lexicons";
import { parseSsml, type SsmlPiece } from "@/lib/voice/ssml/parse-ssml";
import { speechChunks, type SpeechChunk } from "@/lib/voice/ssml/speech-chunks";

/**
 * How a prompt of an SSML or lexicon set is read, by the same code the API runs before the
 * engine (parseSsml, applyLexicons, speechChunks): aliases in place of words, say-as written
 * out, pronunciations as their IPA, and each pause with its length. Null for a plain set, or a
 * text that does not parse (the API refuses it when it is saved).
 */
function readAsChunks(
  text: string,
  options: { ssml: boolean; lexicons: readonly (readonly Lexeme[])[]; locale: string | null },
): SpeechChunk[] | null {
  if (!options.ssml && options.lexicons.length === 0) return null;
  let pieces: SsmlPiece[];
  try {
    pieces = options.ssml ? parseSsml(text).pieces : [{ kind: "text", text, rate: 1 }];
  } catch {
    return null;
  }
  return speechChunks(applyLexicons(pieces, options.lexicons), {
    locale: options.locale,
    phoneme: (piece) => `${piece.text} /${piece.ipa}/`,
  });
}

/** How each prompt of `set` is read, with the set's lexicons in its order and its voice's locale. */
export function setReader(
  set: { text_type: string; lexicon_ids: string[]; voice_id: string },
  lexicons: readonly { id: string; lexemes: Lexeme[] }[],
  voices: readonly { id: string; locale: string | null }[],
) {
  const options = {
    ssml: set.text_type === "ssml",
    // In the set's order: the first lexeme listed for a word wins.
    lexicons: set.lexicon_ids.flatMap((id) => lexicons.filter((l) => l.id === id).map((l) => l.lexemes)),
    locale: voices.find((v) => v.id === set.voice_id)?.locale ?? null,
  };
  return (text: string) => readAsChunks(text, options);
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString("en", { maximumFractionDigits: 2 })} s`;

export function ReadAs({ chunks }: { chunks: SpeechChunk[] }) {
  return (
    <p className="text-xs text-slate-600" data-testid="prompt-read-as">
      <span className="font-medium text-slate-700">Read as: </span>
      {chunks.map((chunk, i) =>
        chunk.kind === "speech" ? (
          <span key={i}>{chunk.text} </span>
        ) : (
          <span key={i} className="mx-0.5 rounded bg-slate-100 px-1 font-mono text-slate-700">
            pause {seconds(chunk.ms)}{" "}
          </span>
        ),
      )}
    </p>
  );
}
