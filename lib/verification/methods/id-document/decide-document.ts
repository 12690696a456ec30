import type { FaceMatch } from "@/lib/verification/methods/face/match-faces";
import { type DocumentRead, SPECIMEN_STATE } from "@/lib/verification/methods/id-document/types";
import type { ProviderVerdict } from "@/lib/verification/methods/types";

// The decision on a read document and a face match (docs/id-document.md, "Decision"). Confidence
// is medium at most: without the chip or the printed security features a forged document whose
// check digits hold would pass.

export type DocumentDecision = ProviderVerdict & {
  /** Why, for the page and the logs (never stored with a date, a name or a number). */
  reason:
    | "old_enough"
    | "too_young"
    | "expired"
    | "face_mismatch"
    | "no_face_on_document"
    | "spoof"
    | "bad_date"
    | "not_a_document"
    | "specimen";
};

/**
 * The check's day: the calendar date in UTC-12, the last time zone to reach a date, so nobody
 * anywhere counts as a year older before their birthday has begun where they live, and no
 * document counts as expired before its expiry day has ended everywhere.
 */
export function checkDay(now: Date): string {
  return new Date(now.getTime() - 12 * 3600_000).toISOString().slice(0, 10);
}

/** Whole years from birthDate to day (YYYY-MM-DD); a 29 February birthday falls on 1 March in other years. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  let age = y - by;
  const leapBirthday = bm === 2 && bd === 29;
  const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const [birthdayMonth, birthdayDay] = leapBirthday && !isLeap(y) ? [3, 1] : [bm, bd];
  if (m < birthdayMonth || (m === birthdayMonth && d < birthdayDay)) age--;
  return age;
}

export function decideDocument(input: {
  read: DocumentRead;
  /** The provider sends a selfie that was the document's own portrait back as a retake first. */
  match: Exclude<FaceMatch, { kind: "same_image" }>;
  requiredAge: number;
  now: Date;
}): DocumentDecision {
  const inconclusive = (reason: DocumentDecision["reason"]): DocumentDecision => ({
    result: "inconclusive",
    confidence: "low",
    reason,
  });
  // ICAO 9303's fictional Utopia: the reader reads its specimens' zones (so the evaluation can
  // score them), but a specimen is nobody's document.
  if (input.read.issuingCountry === SPECIMEN_STATE) return inconclusive("specimen");
  const day = checkDay(input.now);
  // Expires at the end of its expiry day.
  if (input.read.expiryDate < day) return inconclusive("expired");
  if (input.read.birthDate > day) return inconclusive("bad_date");
  // A zone or a barcode proves nothing by itself: it may be typed or generated on a sheet of
  // paper. The document's outline, its portrait's place and its printed date of birth must be
  // there too. A barcode reading has none of them yet (its front is not captured): never a pass.
  const physical = input.read.physical;
  if (!(physical?.outline && physical.portrait && physical.printedBirthDate)) return inconclusive("not_a_document");
  if (input.match.kind === "spoof") return inconclusive("spoof");
  if (input.match.kind === "no_face") return inconclusive("no_face_on_document");
  if (input.match.kind === "mismatch") return inconclusive("face_mismatch");
  const age = ageOn(input.read.birthDate, day);
  return age >= input.requiredAge
    ? { result: "pass", confidence: "medium", reason: "old_enough" }
    : { result: "fail", confidence: "medium", reason: "too_young" };
}
