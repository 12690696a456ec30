import { serveLocalFile } from "@/lib/storage/serve-local-file";

export const dynamic = "force-dynamic";

// Downloads of the local storage driver's objects through HMAC-signed, expiring URLs.
export async function GET(req: Request, { params }: { params: Promise<{ key: string[] }> }) {
  return serveLocalFile(req, (await params).key.join("/"));
}
export { GET as HEAD };
