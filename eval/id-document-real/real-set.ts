// The real-document evaluation set (SOURCES.md): specimen and sample documents published in other
// projects' repositories, each with its source, licence and the date of birth read by eye.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const REAL_SET_DIR = import.meta.dirname;

export type RealSplit = "tuning" | "held_out";

export type RealDocument = {
  /** Stable name of this image. */
  id: string;
  /** The document shown (one specimen can appear in several images and repositories). */
  group: string;
  split: RealSplit;
  /** Relative to this directory: images/ (committed) or fetched/ (fetched by npm run eval:id-fetch-real). */
  file: string;
  committed: boolean;
  source: { repo: string; commit: string; path: string; licence: string };
  sha256: string;
  kind: "passport" | "id_card" | "residence_permit" | "visa" | "driving_licence" | "not_a_document";
  zone: "TD1" | "TD2" | "TD3" | "MRVA" | "MRVB" | "PDF417" | "none";
  /** YYMMDD and its check digit as printed in the zone (ICAO documents). */
  zoneBirthDate?: string;
  zoneBirthDateCheckDigit?: string;
  /** The date of birth read by eye (ISO), or null where the image carries none. */
  birthDate: string | null;
  /** Whether a reader that read every character right and checked the document as issue 46 asks would accept it. */
  perfectReadingAccepts: boolean;
  cameraPhoto: boolean;
  /** Degrees the document is turned in the image (clockwise). */
  rotation: number;
  note: string;
};

/**
 * The split is fixed by a hash of the document (not the image), so copies of one specimen from
 * several repositories fall on the same side, and nobody chooses which side a document is on.
 */
export function splitOf(group: string): RealSplit {
  const hash = createHash("sha256").update(`id-document-real:${group}`).digest("hex");
  return parseInt(hash.slice(0, 8), 16) % 2 === 0 ? "tuning" : "held_out";
}

export function loadRealSet(): RealDocument[] {
  return JSON.parse(readFileSync(path.join(REAL_SET_DIR, "manifest.json"), "utf8")) as RealDocument[];
}

/** The image's bytes, or null when it is not committed and has not been fetched. */
export function readRealImage(document: RealDocument): Buffer | null {
  const file = path.join(REAL_SET_DIR, document.file);
  return existsSync(file) ? readFileSync(file) : null;
}
