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

/** The body is over the reader's limit: 413 in each API's envelope (request_too_large) and on hosted-flow uploads. */
export class BodyTooLargeError extends BodyError {
  constructor(maxBytes: number) {
    const limit = maxBytes % 1024 === 0 ? `${maxBytes / 1024} KB` : `${maxBytes} bytes`;
    super(`Request body is larger than ${limit}.`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The one body reader: the raw bytes, refusing bodies larger than maxBytes without reading them
 * whole (a false or missing Content-Length cannot make us buffer more than the limit).
 */
export async function readBodyBytes(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const length = req.headers.get("content-length");
  if (length !== null && Number(length) > maxBytes) throw new BodyTooLargeError(maxBytes);
  // With a Content-Length the HTTP parser delivers exactly that many bytes, so the whole body
  // can be read in one go; only a chunked body of unknown size is read (and capped) piecewise.
  if (length !== null && /^\d+$/.test(length)) return new Uint8Array(await req.arrayBuffer());
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the body as UTF-8 text, bounded as readBodyBytes. Strict: bytes that are not UTF-8 are
 * refused (400 in each API's envelope), never replaced by U+FFFD and stored or spoken.
 */
export async function readBodyText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(req, maxBytes);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new BodyError("Request body is not valid UTF-8.");
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses an already-read body as a JSON object. A JSON content type is what clients should send,
 * but a missing one or text/plain is also read as JSON: that is what `fetch` sends for a string
 * body with no header, and a spec-only client should not trip on it. Neither opens a CSRF hole,
 * because both APIs authenticate with a header a cross-site form cannot send. Any other type
 * (a form, XML, a JSON look-alike) is refused, naming Content-Type.
 */
export function parseJsonObject(contentType: string | null, raw: string): unknown {
  if (!isJsonReadable(contentType)) {
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

// text/plain only in UTF-8 (or no charset, which the body reader takes as UTF-8): a body
// declared in another charset is not what its bytes say.
function isJsonReadable(contentType: string | null): boolean {
  const value = (contentType ?? "").trim();
  if (value === "") return true;
  if (/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(value)) return true;
  return /^text\/plain\s*(;\s*charset="?utf-8"?\s*)?$/i.test(value);
}

// JSON.parse keeps "__proto__" as an ordinary key, but schema validation and object copies
// drop it silently, so e.g. metadata would not be echoed verbatim. Refuse it outright.
function refuseProtoKey(key: string, value: unknown): unknown {
  if (key === "__proto__") throw new BodyError('The key "__proto__" is not allowed in a request body.');
  return value;
}
