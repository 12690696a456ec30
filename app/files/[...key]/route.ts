import { serveLocalFile } from "@/lib/voice/serve-local-file";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

// The older form of a download link, the key as the path (/files/tts/ab/<sha>.wav?expires=...):
// links handed out before audio_url moved to /files?key=... carry the same signed claims, so they
// are served alike until they expire. Deprecated in the Voice document.
export async function GET(req: Request, { params }: { params: Promise<{ key: string[] }> }) {
  return serveLocalFile(req, (await params).key.join("/"));
}
export { GET as HEAD };

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
