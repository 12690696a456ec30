import "server-only";
import { getCurrentUser, type DashboardUser } from "@/lib/edge/auth/current-user";
import { describeVoiceError } from "@/lib/voice/errors";

export type StudioContext<P> = { req: Request; user: DashboardUser; params: P };

type RouteContext<P> = { params: Promise<P> };

/** A studio route's plain-text answer: the studio's own pages read it, not an integrator. */
export function studioText(body: string, status: number): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * Wraps a studio route handler (downloads and audio the studio's pages fetch): the signed-in
 * user's session, or 401; the handler works within `user.orgId`, so another organisation's
 * set or audio is simply not found. Failures are the Voice API's description of the error
 * (the same status and message an integrator would get), as plain text. Pages and server
 * actions use requireDashboardUser instead, which redirects to the sign-in page.
 */
export function withStudioUser<P extends object = object>(handler: (ctx: StudioContext<P>) => Promise<Response>) {
  return async (req: Request, routeContext: RouteContext<P>): Promise<Response> => {
    const user = await getCurrentUser();
    if (!user) return studioText("Sign in to use the studio.", 401);
    try {
      return await handler({ req, user, params: await routeContext.params });
    } catch (error) {
      const { status, message } = describeVoiceError(error);
      return studioText(message, status);
    }
  };
}
