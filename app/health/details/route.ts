import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";
import { healthDetails } from "@/lib/voice/health-details";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

// Behind a key, unlike /health: an engine's failure message can name paths on the server.
export const GET = withVoiceApiKey(async () => Response.json(await healthDetails()));

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
