import { NextResponse, type NextRequest } from "next/server";
import { bindingSecretsOf } from "@/lib/edge/api/with-bound-session";
import { bindingCookieName, bindingCookieOptions } from "@/lib/verification/hosted-flow/binding";
import { signLinkReference } from "@/lib/verification/hosted-flow/link-reference";
import { openHostedLink, type OpenLinkOutcome } from "@/lib/verification/hosted-flow/open-hosted-link";
import { setSessionLocaleCookie } from "@/lib/verification/locale/session-locale";

// The one-time hosted URL. The first visit binds the flow to this browser (cookie) and burns the
// token; every answer is a redirect, so the token leaves the address bar, history and any Referer
// at once. Relative Locations keep the user on whatever host they reached us through.
export const dynamic = "force-dynamic";

function destination(outcome: OpenLinkOutcome): string {
  switch (outcome.kind) {
    case "bound":
      return `/verify/session/${outcome.sessionId}`;
    case "expired":
    case "closed":
    case "used":
      return `/verify/link/${outcome.kind}?ref=${encodeURIComponent(signLinkReference(outcome.sessionId))}`;
    case "invalid":
      return `/verify/link/${outcome.kind}`;
  }
}

export async function GET(req: NextRequest, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const outcome = await openHostedLink({
    token,
    bindingSecretFor: bindingSecretsOf(req),
  });
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: destination(outcome), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
  if (outcome.kind === "bound" && outcome.newSecret) {
    response.cookies.set(bindingCookieName(outcome.sessionId), outcome.newSecret, bindingCookieOptions(req.url));
  }
  // The language the integrator asked for (or the user chose) on every page of this session's
  // flow; not for a link another browser holds.
  if (outcome.kind === "bound" || outcome.kind === "expired" || outcome.kind === "closed") {
    await setSessionLocaleCookie(response, outcome.sessionId, req.url);
  }
  return response;
}

// Link checkers and unfurlers often send HEAD first; it must not burn the token.
export function HEAD() {
  return new Response(null, {
    status: 200,
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
