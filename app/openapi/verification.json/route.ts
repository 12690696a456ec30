import { env } from "@/lib/env";
import { buildVerificationDocument } from "@/lib/openapi/verification-document";

export function GET() {
  return Response.json(buildVerificationDocument(env().APP_URL), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
