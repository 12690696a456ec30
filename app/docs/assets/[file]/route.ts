import { readFile } from "node:fs/promises";
import path from "node:path";

// Swagger UI's static bundle, served from our own origin: the reference makes no requests
// to outside hosts. A Map, not an object literal: a lookup by a name from the URL must never
// reach Object.prototype (`constructor`, `__proto__`, `toString`).
const FILES = new Map([
  ["swagger-ui.css", "text/css; charset=utf-8"],
  ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
]);

// Resolved from the project root: the bundler rewrites require.resolve into a module id.
const distDir = path.join(process.cwd(), "node_modules", "swagger-ui-dist");

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const contentType = FILES.get(file);
  if (!contentType) return new Response("Not found", { status: 404 });
  return new Response(await readFile(path.join(distDir, file)), {
    headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=86400" },
  });
}
