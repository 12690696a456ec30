// Types of mrz-text.mjs (plain JavaScript, loaded by the document worker outside the bundle).
import type { DocumentRead } from "@/lib/verification/methods/id-document/types";

/** The zone read from these lines (each of its format's length), or null: every check digit must hold. */
export function acceptMrz(lines: string[], now: Date): Omit<DocumentRead, "physical"> | null;

/** The zone's two-digit years placed in their centuries, or null for an impossible date. */
export function placeDates(
  birthYymmdd: string,
  expiryYymmdd: string,
  now: Date,
): { birthDate: string; expiryDate: string } | null;

/** Whether the visual zone's OCR text prints this birth date (YYYY-MM-DD). */
export function printsBirthDate(text: string, birthDate: string): boolean;
