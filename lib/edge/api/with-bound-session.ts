import "server-only";
import { getTranslations } from "next-intl/server";
import { cookies, headers } from "next/headers";
import type { NextRequest } from "next/server";
import { bindingCookieName } from "@/lib/verification/hosted-flow/binding";
import { loadBoundSession, type BoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { isSameOriginRequest } from "@/lib/verification/hosted-flow/same-origin";

/** Why a hosted-flow request was not let in. */
export type BindingRefusal = "cross_origin" | "unbound";

type Binding = { session: BoundSession } | { refused: BindingRefusal };

/**
 * The one check in front of the hosted flow: the browser's Origin is this app (CSRF; skipped
 * only for a top-level GET such as the card provider's return, which carries no Origin), and the
 * request holds the session's browser binding cookie. A missing session and another browser's
 * are both `unbound`, so a stranger learns nothing.
 */
async function bind(
  requestHeaders: Headers,
  readCookie: (name: string) => string | undefined,
  sessionId: unknown,
  options: { sameOrigin: boolean },
): Promise<Binding> {
  if (options.sameOrigin && !isSameOriginRequest(requestHeaders)) return { refused: "cross_origin" };
  if (typeof sessionId !== "string") return { refused: "unbound" };
  const session = await loadBoundSession(sessionId, readCookie(bindingCookieName(sessionId)));
  return session ? { session } : { refused: "unbound" };
}

type RouteContext = { params: Promise<{ sessionId: string }> };

/**
 * Wraps a hosted-flow route handler under /verify/session/[sessionId]: the handler runs only
 * for the session bound to this browser; otherwise `refuse` answers (each route in its own
 * shape: JSON for the page's fetches, a redirect for a top-level navigation).
 */
export function withBoundSession(
  options: { sameOrigin: boolean; refuse: (reason: BindingRefusal) => Response | Promise<Response> },
  handler: (ctx: { req: NextRequest; session: BoundSession }) => Promise<Response>,
) {
  return async (req: NextRequest, { params }: RouteContext): Promise<Response> => {
    const { sessionId } = await params;
    const binding = await bind(req.headers, (name) => req.cookies.get(name)?.value, sessionId, options);
    if ("refused" in binding) return options.refuse(binding.refused);
    return handler({ req, session: binding.session });
  };
}

/**
 * The same check for a hosted-flow server action (always a same-origin POST): the session bound
 * to this browser, or null.
 */
export async function boundSessionForAction(sessionId: unknown): Promise<BoundSession | null> {
  const jar = await cookies();
  const binding = await bind(await headers(), (name) => jar.get(name)?.value, sessionId, { sameOrigin: true });
  return "session" in binding ? binding.session : null;
}

/**
 * The same binding for the hosted page itself (a GET render: no Origin to check): the binding
 * secret this browser holds for the session, if any. The page reads the flow with it (a wrong
 * or missing secret reads nothing), so the cookie is read here, not by the page.
 */
export async function bindingSecretForPage(sessionId: string): Promise<string | undefined> {
  return (await cookies()).get(bindingCookieName(sessionId))?.value;
}

/**
 * For the one-time link (app/verify/[token]/route.ts), which learns the session only from its
 * token: the binding secret this request holds for a session, by the session's id.
 */
export function bindingSecretsOf(req: NextRequest): (sessionId: string) => string | undefined {
  return (sessionId) => req.cookies.get(bindingCookieName(sessionId))?.value;
}

/** The hosted flow's JSON refusal, in the page's language, for the routes the page fetches (photo upload, live check). */
export async function refuseBinding(reason: BindingRefusal): Promise<Response> {
  const message = (await getTranslations("refusal"))(reason === "cross_origin" ? "crossOrigin" : "otherBrowser");
  return Response.json({ error: message }, { status: 403, headers: { "Cache-Control": "no-store" } });
}
