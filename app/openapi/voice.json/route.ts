import { env } from "@/lib/env";
import { buildVoiceDocument } from "@/lib/openapi/voice-document";

export function GET() {
  return Response.json(buildVoiceDocument(env().APP_URL, env().TTS_MAX_TEXT_LENGTH), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}
