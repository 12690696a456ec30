import "server-only";

/**
 * Parses a multipart body of at most `limit` bytes. The body is counted as it streams in, so a
 * missing or false Content-Length cannot make us buffer more than the limit.
 */
export async function readLimitedForm(req: Request, limit: number): Promise<FormData | "too_large" | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) return "too_large";
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !req.body) return null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return "too_large";
    }
    chunks.push(value);
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}
