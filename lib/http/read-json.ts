/** Problems with the raw request body, before any schema sees it. */
export class BodyError extends Error {
  constructor(
    message: string,
    /** The input to fix, when it is a header rather than the body itself (e.g. Content-Type). */
    readonly param?: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/**
 * Largest request body any JSON endpoint accepts. The biggest valid create body (20 metadata
 * pairs of 500 escaped characters, a 2048-character return_url) is well under 100 KB; anything
 * larger is refused before it is buffered whole, so a client cannot make us hold megabytes.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/** Reads the body as UTF-8 text, refusing bodies larger than maxBytes without reading them whole. */
export async function readBodyText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const tooLarge = () => new BodyError(`Request body is larger than ${Math.floor(maxBytes / 1024)} KB.`);
  const length = req.headers.get("content-length");
  if (length !== null && Number(length) > maxBytes) throw tooLarge();
  // With a Content-Length the HTTP parser delivers exactly that many bytes, so the whole body
  // can be read in one go; only a chunked body of unknown size is read (and capped) piecewise.
  if (length !== null && /^\d+$/.test(length)) return req.text();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a JSON object body, insisting on a JSON content type. */
export async function readJsonObject(req: Request): Promise<unknown> {
  return parseJsonObject(req.headers.get("content-type"), await readBodyText(req));
}

/** Parses an already-read body as a JSON object, insisting on a JSON content type. */
export function parseJsonObject(contentType: string | null, raw: string): unknown {
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test((contentType ?? "").trim())) {
    throw new BodyError("Content-Type must be application/json.", "Content-Type");
  }
  if (raw.trim() === "") throw new BodyError("Request body is empty; expected a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(raw, refuseProtoKey);
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError("Request body is not valid JSON.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new BodyError("Request body must be a JSON object.");
  }
  return value;
}

// JSON.parse keeps "__proto__" as an ordinary key, but schema validation and object copies
// drop it silently, so e.g. metadata would not be echoed verbatim. Refuse it outright.
function refuseProtoKey(key: string, value: unknown): unknown {
  if (key === "__proto__") throw new BodyError('The key "__proto__" is not allowed in a request body.');
  return value;
}
