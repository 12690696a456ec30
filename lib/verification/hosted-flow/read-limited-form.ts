import "server-only";
import { BodyTooLargeError, readBodyBytes } from "@/lib/platform/http/read-json";

/** Parses a multipart body of at most `limit` bytes (read by the one bounded body reader). */
export async function readLimitedForm(req: Request, limit: number): Promise<FormData | "too_large" | null> {
  const contentType = req.headers.get("content-type") ?? "";
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBodyBytes(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return "too_large";
    throw error;
  }
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || bytes.byteLength === 0) return null;
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
}
