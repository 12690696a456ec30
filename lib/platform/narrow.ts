// Narrowing helpers, written once: checks that tell the compiler what a value is, so callers need
// no `as` casts. Pure functions, importable by client and server code.

/** Whether `value` is one of `list`, narrowing it to the list's element type. */
export function isOneOf<const T>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}

/** A plain object whose keys can be read (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The message of a thrown value: an Error's message, or the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A string `code` on a thrown value (Node's errno codes, SMTP codes, driver codes), if it has one. */
export function errorCode(error: unknown): string | undefined {
  return isRecord(error) && typeof error.code === "string" ? error.code : undefined;
}

/** The keys of a record, typed as its keys (Object.keys says only `string`). */
export function keysOf<K extends string>(record: Record<K, unknown>): K[] {
  return Object.keys(record).filter((key): key is K => key in record);
}
