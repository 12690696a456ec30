import { listFormats } from "@/lib/voice/list-formats";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/api/with-voice-api-key";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey(async () => Response.json(listFormats()));

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
