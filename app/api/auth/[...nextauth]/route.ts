import type { NextRequest } from "next/server";
import { handlers } from "@/lib/edge/auth/auth";
import { getSignedInAccount } from "@/lib/edge/auth/current-user";
import { atForwardedOrigin } from "@/lib/account/users/request-origin";

export async function GET(req: NextRequest) {
  // Auth.js answers /session from the cookie's signature alone. A cookie whose session was signed
  // out, or ended by a password reset, is signed out here too, as on every dashboard page:
  // Auth.js's own answer for no session, and nothing about the account.
  if (req.nextUrl.pathname.endsWith("/api/auth/session") && !(await getSignedInAccount())) {
    return Response.json(null, { headers: { "Cache-Control": "no-store" } });
  }
  return handlers.GET(atForwardedOrigin(req));
}
export const POST = (req: NextRequest) => handlers.POST(atForwardedOrigin(req));
