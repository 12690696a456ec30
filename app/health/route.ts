import { voiceMethods } from "@/lib/voice/methods";

// Liveness only: no authentication, no database.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, service: "voice-prompt" });
}

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
