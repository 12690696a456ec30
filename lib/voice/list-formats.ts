import { prepareBody } from "@/lib/platform/http/prepared-response";
import { lazy } from "@/lib/platform/lazy";
import { OUTPUT_FORMATS, serializeFormat } from "@/lib/voice/audio/formats";

/** GET /formats: every accepted output_format, in the spec's order. */
export function listFormats() {
  const formats = OUTPUT_FORMATS.map(serializeFormat);
  return { formats, count: formats.length };
}

/** GET /formats as bytes prepared once: the list changes only with a deploy. */
export const listFormatsPrepared = lazy(() =>
  prepareBody(Buffer.from(JSON.stringify(listFormats())), "application/json"),
);
