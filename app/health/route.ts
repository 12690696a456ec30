// Liveness only: no authentication, no database.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, service: "voice-prompt" });
}
