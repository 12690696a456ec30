import { OUTPUT_FORMATS, serializeFormat } from "@/lib/audio/formats";

/** GET /formats: every accepted output_format, in the spec's order. */
export function listFormats() {
  const formats = OUTPUT_FORMATS.map(serializeFormat);
  return { formats, count: formats.length };
}
