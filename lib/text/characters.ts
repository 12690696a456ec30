// String lengths as the READMEs and JSON Schema's maxLength count them: Unicode code points, so
// an emoji is one character. zod's .max() counts UTF-16 units (an emoji is two), so every
// user-facing length limit of both APIs goes through maxCharacters instead. Zod only.
import type { z } from "zod";

/** Characters as a person counts them (code points), not UTF-16 units. */
export function countCharacters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * `schema` limited to `max` code points, with the limit stated as maxLength in the JSON Schema
 * (which counts code points too), so the document and the check agree.
 */
export function maxCharacters<T extends z.ZodString>(schema: T, max: number, message: string): T {
  return schema.refine((value) => countCharacters(value) <= max, message).meta({ maxLength: max }) as T;
}
