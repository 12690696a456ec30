import "server-only";
import { getLocalStorage } from "@/lib/platform/storage/get-storage";
import { objectResponse } from "@/lib/platform/http/object-response";
import { isValidKey } from "@/lib/platform/storage/object-storage";
import { toVoiceErrorResponse, VoiceApiError } from "@/lib/voice/errors";

/**
 * Answers a signed local-storage URL in the Voice API's error envelope (the files are its audio;
 * lib/platform/storage itself speaks no API): 403 for an expired, tampered or unsigned URL (the file
 * is never read), 404 when a validly signed object is gone, the bytes otherwise.
 */
export async function serveLocalFile(req: Request, key: string): Promise<Response> {
  try {
    const storage = getLocalStorage();
    const query = new URL(req.url).searchParams;
    const check = isValidKey(key) ? storage.verifyUrl(key, query) : ({ ok: false, reason: "malformed" } as const);
    if (!check.ok) {
      throw new VoiceApiError(
        "forbidden",
        check.reason === "expired"
          ? "This download link has expired; request the audio again for a fresh link."
          : "This download link is not valid.",
      );
    }
    const body = await storage.get(key);
    if (!body) throw new VoiceApiError("not_found", "The file behind this link no longer exists.");
    const remaining = Math.max(0, check.claims.expires - Math.floor(Date.now() / 1000));
    return objectResponse(req, body, {
      contentType: check.claims.contentType,
      filename: check.claims.filename,
      disposition: check.claims.disposition,
      cacheControl: `private, max-age=${remaining}`,
    });
  } catch (error) {
    return toVoiceErrorResponse(error);
  }
}
