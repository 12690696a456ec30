import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

/**
 * A body that many requests receive unchanged (the voice list, the formats, the OpenAPI
 * documents): encoded, compressed once per encoding and given a strong ETag once, so a repeat
 * answer costs a lookup, and a client that already has it gets a 304 with no body at all.
 */
export type PreparedBody = {
  contentType: string;
  etag: string;
  encodings: { identity: Buffer; gzip: Buffer; br: Buffer };
};

export function prepareBody(bytes: Buffer, contentType: string): PreparedBody {
  return {
    contentType,
    etag: strongEtag(bytes),
    encodings: {
      identity: bytes,
      gzip: gzipSync(bytes, { level: 9 }),
      br: brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    },
  };
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

/**
 * The best encoding the client accepts: br, then gzip, then the bytes as they are. A coding
 * listed with q=0 is refused; identity is always acceptable here (the bodies are small).
 */
export function chooseEncoding(acceptEncoding: string | null): keyof PreparedBody["encodings"] {
  if (!acceptEncoding) return "identity";
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const weight = (coding: string) => accepted.get(coding) ?? accepted.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return "identity";
}

/**
 * The answer for a prepared body: 304 when the client's copy is current, else the bytes in the
 * best encoding it accepts. Next's own compression leaves a body that already names its
 * Content-Encoding alone, so nothing is compressed twice.
 */
export function preparedResponse(
  req: Request,
  body: PreparedBody,
  options: { cacheControl: string; headers?: HeadersInit },
): Response {
  const headers = new Headers(options.headers);
  headers.set("ETag", body.etag);
  headers.set("Cache-Control", options.cacheControl);
  headers.set("Vary", "Accept-Encoding");
  if (ifNoneMatchHolds(req.headers.get("if-none-match"), body.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = chooseEncoding(req.headers.get("accept-encoding"));
  const bytes = body.encodings[encoding];
  headers.set("Content-Type", body.contentType);
  headers.set("Content-Length", String(bytes.length));
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  return new Response(req.method === "HEAD" ? null : new Uint8Array(bytes), { status: 200, headers });
}
