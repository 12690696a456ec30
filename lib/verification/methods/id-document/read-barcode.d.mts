import type { DocumentRead } from "./types";

/** An AAMVA licence's or ID card's reading from a photo's PDF417, or null when there is none. */
export function readBarcode(bytes: Uint8Array | Buffer, maxInputPixels: number): Promise<DocumentRead | null>;
