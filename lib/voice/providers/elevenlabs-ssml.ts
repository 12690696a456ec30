// SSML pieces as ElevenLabs' text input takes them: `<break time="1.5s" />` (at most 3 s each;
// not on Eleven v3) and `<phoneme alphabet="ipa">` (only on Eleven Flash v2, Turbo v2 and
// English v1). What it cannot take is said in `warnings`, never silently dropped.
import type { SsmlPiece } from "@/lib/voice/ssml/parse-ssml";
import { sayAsText } from "@/lib/voice/ssml/say-as";

const PHONEME_MODELS = new Set(["eleven_flash_v2", "eleven_turbo_v2", "eleven_monolingual_v1"]);
const MAX_BREAK_S = 3;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function elevenLabsText(
  pieces: readonly SsmlPiece[],
  upstreamModel: string,
): { text: string; warnings: string[] } {
  const warnings = new Set<string>();
  const breaks = !upstreamModel.startsWith("eleven_v3");
  let text = "";
  for (const piece of pieces) {
    if (piece.kind !== "break" && piece.rate !== 1)
      warnings.add("ElevenLabs takes no <prosody rate> or <emphasis>: that text was spoken at the request's speed.");
    if (piece.kind === "break") {
      if (!breaks) {
        warnings.add(`${upstreamModel} takes no <break>: the pauses were left out.`);
        continue;
      }
      for (let left = piece.ms / 1000; left > 0; left -= MAX_BREAK_S)
        text += ` <break time="${Math.min(MAX_BREAK_S, left).toFixed(2)}s" /> `;
    } else if (piece.kind === "phoneme") {
      if (PHONEME_MODELS.has(upstreamModel)) {
        text += `<phoneme alphabet="ipa" ph="${escapeXml(piece.ipa).replace(/"/g, "&quot;")}">${escapeXml(piece.text)}</phoneme>`;
      } else {
        warnings.add(
          `${upstreamModel} takes no <phoneme>: "${piece.text}" was spoken as written instead of /${piece.ipa}/.`,
        );
        text += escapeXml(piece.text);
      }
    } else {
      text += escapeXml(piece.kind === "say-as" ? ` ${sayAsText(piece, null)} ` : piece.text);
    }
  }
  return { text: text.replace(/\s+/g, " ").trim(), warnings: [...warnings] };
}
