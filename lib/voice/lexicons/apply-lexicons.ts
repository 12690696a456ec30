// Pronunciation lexicons applied to what a prompt says, before any engine sees it.
import type { Lexeme } from "@/lib/voice/lexicons/parse-pls";
import type { SsmlPiece } from "@/lib/voice/ssml/parse-ssml";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `pieces` with every whole-word occurrence of a lexeme's grapheme replaced: by its phoneme
 * (spoken as the alias, or else the grapheme, by an engine that cannot take one) or its alias.
 * Lexicons apply in the order given and the first lexeme listed for a grapheme wins; a longer
 * grapheme wins over one it contains. Matching is case-sensitive, as PLS specifies. Text inside
 * <say-as>, <sub> and <phoneme> is the author's own and is left alone; replacements are never
 * looked up again.
 */
export function applyLexicons(pieces: readonly SsmlPiece[], lexicons: readonly (readonly Lexeme[])[]): SsmlPiece[] {
  const entries = new Map<string, Lexeme>();
  for (const lexemes of lexicons)
    for (const lexeme of lexemes) for (const g of lexeme.graphemes) if (!entries.has(g)) entries.set(g, lexeme);
  if (entries.size === 0) return [...pieces];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${[...entries.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join("|")})(?![\\p{L}\\p{N}])`,
    "gu",
  );
  return pieces.flatMap((piece): SsmlPiece[] => {
    if (piece.kind !== "text") return [piece];
    const out: SsmlPiece[] = [];
    let at = 0;
    for (const match of piece.text.matchAll(pattern)) {
      const lexeme = entries.get(match[0])!;
      if (match.index > at) out.push({ kind: "text", text: piece.text.slice(at, match.index), rate: piece.rate });
      out.push(
        lexeme.phoneme
          ? { kind: "phoneme", ipa: lexeme.phoneme, text: lexeme.alias ?? match[0], rate: piece.rate }
          : { kind: "text", text: lexeme.alias!, rate: piece.rate },
      );
      at = match.index + match[0].length;
    }
    if (at < piece.text.length) out.push({ kind: "text", text: piece.text.slice(at), rate: piece.rate });
    return out;
  });
}
