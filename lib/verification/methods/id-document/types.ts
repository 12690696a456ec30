// What the built-in document reader concludes about one photo. Importable by client and server:
// the page shows the same retake messages the server decides on.

export const DOCUMENT_RETAKE_MESSAGES = {
  no_document:
    "We couldn't find a document. Hold your passport's photo page or your card flat, filling the frame, with the lines of letters and < signs (or the barcode) in view.",
  cut_off_left: "Part of the document is cut off on the left. Move it into the frame.",
  cut_off_right: "Part of the document is cut off on the right. Move it into the frame.",
  cut_off_bottom: "The bottom of the document is cut off. Move it up into the frame.",
  cut_off_top: "The top of the document is cut off. Move it down into the frame.",
  glare: "Too much glare. Tilt the document away from the light.",
  blurred: "Hold still: the photo was blurred.",
  too_dark: "More light, please.",
  unreadable:
    "We couldn't read the lines at the bottom of the document. Hold it flat and closer, in even light, and keep still.",
  unreadable_image: "We could not read that image. Please try another photo.",
} as const;

type DocumentRetakeKey = keyof typeof DOCUMENT_RETAKE_MESSAGES;

/** ICAO 9303's fictional state of Utopia, on its specimens (mrz-text.mjs reads it; it never passes). */
export const SPECIMEN_STATE = "UTO";

export type DocumentType = "passport" | "id_card" | "driving_licence";

/** What the worker read: never a name or a number, only what the decision needs. */
export type DocumentRead = {
  kind: "read";
  source: "mrz" | "pdf417";
  format?: "TD1" | "TD2" | "TD3";
  documentType: DocumentType;
  /** ICAO 9303 three-letter code (USA or CAN for AAMVA cards). */
  issuingCountry: string;
  /** YYYY-MM-DD */
  birthDate: string;
  expiryDate: string;
  /**
   * What a physical document has and a typed sheet lacks, seen in the photo of a zone
   * (docs/id-document.md, "A document, not a sheet of paper"); absent for a barcode.
   */
  physical?: { outline: boolean; portrait: boolean; printedBirthDate: boolean };
};

export type DocumentReading =
  | DocumentRead
  | {
      kind: "retake";
      reason: "no_document" | "cut_off" | "glare" | "blurred" | "too_dark" | "unreadable" | "unreadable_image";
      side?: "left" | "right" | "bottom" | "top";
    };

/** The retake message for an unreadable photo. */
export function documentRetakeMessage(reading: Extract<DocumentReading, { kind: "retake" }>): string {
  const key: DocumentRetakeKey = reading.reason === "cut_off" ? `cut_off_${reading.side ?? "bottom"}` : reading.reason;
  return DOCUMENT_RETAKE_MESSAGES[key];
}
