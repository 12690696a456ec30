import { serveLocalFile } from "@/lib/voice/serve-local-file";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

// Downloads of the local storage driver's objects through HMAC-signed, expiring URLs, the key
// being one of the signed query parameters (the form every audio_url has; lib/platform/storage/local-storage.ts).
export async function GET(req: Request) {
  return serveLocalFile(req, new URL(req.url).searchParams.get("key") ?? "");
}
export { GET as HEAD };

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
