// String lengths as the READMEs and JSON Schema's maxLength count them: Unicode code points, so
// an emoji is one character. zod's .max() counts UTF-16 units (an emoji is two), so every
// user-facing length limit of both APIs goes through maxCharacters instead. Zod only.
import type { z } from "zod";

/** Characters as a person counts them (code points), not UTF-16 units. */
export function countCharacters(text: string): number {
  // A surrogate pair is one code point; a lone surrogate counts as one, as for-of counts it.
  // Index arithmetic rather than for-of: a 2 MB CSV of long texts is counted in a few ms.
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * `schema` limited to `max` code points, with the limit stated as maxLength in the JSON Schema
 * (which counts code points too), so the document and the check agree.
 */
export function maxCharacters<T extends z.ZodString>(schema: T, max: number, message: string): T {
  return schema
    .refine((value) => value.length <= max || countCharacters(value) <= max, message)
    .meta({ maxLength: max });
}
