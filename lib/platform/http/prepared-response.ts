import { createHash } from "node:crypto";

/**
 * A body that many requests receive unchanged (the voice list, the formats, the OpenAPI
 * documents): encoded and given a strong ETag once, so a repeat answer costs a lookup, and a
 * client that already has it gets a 304 with no body at all.
 *
 * Compression stays with Next's server: it drops a route handler's own Content-Encoding and
 * Content-Length (next/dist/server/send-response.js), so bytes compressed here would be sent
 * compressed twice under one label.
 */
export type PreparedBody = { contentType: string; etag: string; bytes: Buffer };

export function prepareBody(bytes: Buffer, contentType: string): PreparedBody {
  return { contentType, etag: strongEtag(bytes), bytes };
}

/** The ETag of exact bytes: a change of one byte is a new tag (RFC 9110 §8.8.3, strong). */
export function strongEtag(bytes: Buffer): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;
}

/** Prepares a JSON value once per identity of its source: a new source object is a new body. */
export function preparedJsonFor<Source extends object>(build: (source: Source) => unknown) {
  const prepared = new WeakMap<Source, PreparedBody>();
  return (source: Source): PreparedBody => {
    let body = prepared.get(source);
    if (!body) {
      body = prepareBody(Buffer.from(JSON.stringify(build(source))), "application/json");
      prepared.set(source, body);
    }
    return body;
  };
}

/**
 * If-None-Match holds when any listed tag matches (weak comparison, as RFC 9110 §13.1.2 asks of
 * this header) or the list is "*".
 */
export function ifNoneMatchHolds(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** The answer for a prepared body: 304 when the client's copy is current, else the bytes. */
export function preparedResponse(
  req: Request,
  body: PreparedBody,
  options: { cacheControl: string; headers?: HeadersInit },
): Response {
  const headers = new Headers(options.headers);
  headers.set("ETag", body.etag);
  headers.set("Cache-Control", options.cacheControl);
  if (ifNoneMatchHolds(req.headers.get("if-none-match"), body.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", body.contentType);
  return new Response(req.method === "HEAD" ? null : new Uint8Array(body.bytes), { status: 200, headers });
}
