import { env } from "@/lib/env";
import { buildVoiceDocument } from "@/lib/openapi/voice-document";
import { voiceMethods } from "@/lib/voice/methods";

export function GET() {
  return Response.json(buildVoiceDocument(env().APP_URL, env().TTS_MAX_TEXT_LENGTH), {
    headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" },
  });
}

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
