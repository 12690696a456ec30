import { NextResponse, type NextRequest } from "next/server";
import { bindingCookieName, bindingCookieOptions } from "@/lib/verification/hosted-flow/binding";
import { acceptPhoneHandoff } from "@/lib/verification/hosted-flow/phone-handoff";
import { setSessionLocaleCookie } from "@/lib/verification/locale/session-locale";

// The phone's side of "continue on a phone": the single-use link in the QR code. It moves the
// session's browser binding to this browser and opens the flow here; a used or expired link gets
// the page that says so (and never reveals which session it was for). A redirect either way, so
// the token leaves the address bar and history at once.
export const dynamic = "force-dynamic";

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function GET(req: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const accepted = await acceptPhoneHandoff((await params).token);
  if (accepted.kind === "invalid")
    return new NextResponse(null, { status: 303, headers: { ...headers, Location: "/verify/link/handoff" } });
  const response = new NextResponse(null, {
    status: 303,
    headers: { ...headers, Location: `/verify/session/${accepted.sessionId}` },
  });
  response.cookies.set(bindingCookieName(accepted.sessionId), accepted.bindingSecret, bindingCookieOptions(req.url));
  // The phone opens in the session's language (the integrator's, or the one chosen on the computer).
  await setSessionLocaleCookie(response, accepted.sessionId, req.url);
  return response;
}

// Link checkers and a phone camera's preview may send HEAD first; it must not spend the token.
export function HEAD() {
  return new Response(null, { status: 200, headers });
}
