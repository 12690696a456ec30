import { listVoices } from "@/lib/voice/list-voices";
import { voiceMethodNotAllowed, withVoiceApiKey } from "@/lib/voice/with-voice-api-key";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey(async () => Response.json(await listVoices()));

const notAllowed = voiceMethodNotAllowed("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
