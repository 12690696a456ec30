import { serveLocalFile } from "@/lib/voice/serve-local-file";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

// Downloads of the local storage driver's objects through HMAC-signed, expiring URLs.
export async function GET(req: Request, { params }: { params: Promise<{ key: string[] }> }) {
  return serveLocalFile(req, (await params).key.join("/"));
}
export { GET as HEAD };

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
