import { ifNoneMatchHolds } from "@/lib/platform/http/prepared-response";
import { contentDisposition, type Disposition } from "@/lib/platform/storage/object-storage";

/**
 * A download response for a stored object, with single byte-range support: Safari's <audio>
 * will not play a file whose server ignores Range. With an `etag`, a client whose copy is current
 * gets a 304 and no body.
 */
export function objectResponse(
  req: Request,
  body: Buffer,
  meta: { contentType: string; filename: string; disposition: Disposition; cacheControl: string; etag?: string },
): Response {
  const headers = new Headers({
    "Content-Type": meta.contentType,
    "Content-Disposition": contentDisposition(meta.disposition, meta.filename),
    "Cache-Control": meta.cacheControl,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  if (meta.etag) {
    headers.set("ETag", meta.etag);
    if (ifNoneMatchHolds(req.headers.get("if-none-match"), meta.etag))
      return new Response(null, { status: 304, headers });
  }
  const total = body.length;
  const range = req.headers.get("range");
  const send = (status: number, bytes: Buffer | null) => {
    if (bytes) headers.set("Content-Length", String(bytes.length));
    return new Response(req.method === "HEAD" || !bytes ? null : new Uint8Array(bytes), { status, headers });
  };
  if (!range) return send(200, body);

  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === "" && match[2] === "")) return send(200, body); // unsupported forms: whole file
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, total - Number(match[2])); // suffix: the last N bytes
    end = total - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? total - 1 : Math.min(Number(match[2]), total - 1);
  }
  if (start >= total || start > end) {
    headers.set("Content-Range", `bytes */${total}`);
    headers.set("Content-Length", "0");
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Range", `bytes ${start}-${end}/${total}`);
  return send(206, body.subarray(start, end + 1));
}

/** A generated download (a CSV, a streamed archive): saved under `filename`, never cached. */
export function attachmentResponse(body: BodyInit, meta: { contentType: string; filename: string }): Response {
  return new Response(body, {
    headers: {
      "Content-Type": meta.contentType,
      "Content-Disposition": contentDisposition("attachment", meta.filename),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
