import type { Prisma } from "@/lib/generated/prisma/client";
import { isRecord } from "@/lib/platform/narrow";

/**
 * Whether `value` can be written to a JSON column as it is: text, a finite number, a boolean, an
 * object with a toJSON (a Date), or arrays and objects of these (null inside them is allowed).
 */
function isInputJson(value: unknown): value is Prisma.InputJsonValue {
  if (typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => item === null || isInputJson(item));
  if (!isRecord(value)) return false;
  if (typeof value.toJSON === "function") return true;
  return Object.values(value).every((item) => item === null || item === undefined || isInputJson(item));
}

/** `value` for a JSON column; a value that is not JSON (a bug in the caller's schema) throws. */
export function toInputJson(value: unknown): Prisma.InputJsonValue {
  if (!isInputJson(value)) throw new TypeError("A JSON column was given a value that is not JSON.");
  return value;
}
