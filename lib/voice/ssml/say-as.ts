// <say-as> written out as words and digits a speech engine reads the intended way.
import type { SsmlPiece } from "@/lib/voice/ssml/parse-ssml";

type SayAsPiece = Extract<SsmlPiece, { kind: "say-as" }>;

/** Each character on its own; groups (runs between spaces, dashes, dots) apart with a pause. */
function oneByOne(text: string, plus: boolean): string {
  return text
    .replace(/\+/g, plus ? " plus " : " ")
    .split(/[\s\-–.,/()]+/)
    .filter(Boolean)
    .map((group) => (group === "plus" ? group : [...group].join(" ")))
    .join(", ");
}

export function sayAsText(piece: SayAsPiece, locale: string | null): string {
  switch (piece.interpretAs) {
    case "digits":
      return oneByOne(piece.text, false);
    case "telephone":
      return oneByOne(piece.text, true);
    case "characters":
      return [...piece.text.replace(/\s+/g, "")].map((ch) => ch.toUpperCase()).join(" ");
    case "date":
      return spokenDate(piece.text, piece.format ?? "ymd", locale) ?? piece.text;
  }
}

/** "2026-11-27" (format ymd) as the voice's locale writes a long date, or null when it is no date. */
function spokenDate(text: string, format: string, locale: string | null): string | null {
  const numbers = text
    .split(/[^\d]+/)
    .filter(Boolean)
    .map(Number);
  if (numbers.length !== format.length) return null;
  const part = (letter: string) => {
    const i = format.indexOf(letter);
    return i === -1 ? undefined : numbers[i];
  };
  const year = part("y");
  const month = part("m");
  const day = part("d");
  if (month !== undefined && (month < 1 || month > 12)) return null;
  if (day !== undefined && (day < 1 || day > 31)) return null;
  const date = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1));
  const options: Intl.DateTimeFormatOptions = { timeZone: "UTC" };
  if (year !== undefined) options.year = "numeric";
  if (month !== undefined) options.month = "long";
  if (day !== undefined) options.day = "numeric";
  try {
    return new Intl.DateTimeFormat(locale ?? "en-US", options).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-US", options).format(date);
  }
}
