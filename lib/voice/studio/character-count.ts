import { countCharacters } from "@/lib/voice/schemas";

export type CharacterCount = { count: number; max: number; remaining: number; over: boolean; message: string };

/**
 * The script box's counter, counted as POST /tts counts (Unicode code points: an emoji is
 * one character, not two UTF-16 units), so what the studio allows is what the API allows.
 */
export function characterCount(text: string, max: number): CharacterCount {
  const count = countCharacters(text);
  const remaining = max - count;
  const number = (n: number) => n.toLocaleString("en-US");
  return {
    count,
    max,
    remaining,
    over: remaining < 0,
    message:
      remaining < 0
        ? `${number(count)} / ${number(max)} characters: ${number(-remaining)} over the limit`
        : `${number(count)} / ${number(max)} characters`,
  };
}
