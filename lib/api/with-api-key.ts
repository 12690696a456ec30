import "server-only";
import { claimIdempotencyKey } from "@/lib/idempotency/idempotency";
import { parseJsonObject, readBodyText } from "@/lib/http/read-json";
import { authenticateAndCountRequest } from "@/lib/api/authenticate-request";
import type { ApiPrincipal } from "@/lib/keys/authenticate-api-key";
import { clientAddress } from "@/lib/rate-limit/client-address";
import {
  consumeFailedAuthRateLimit,
  rateLimitHeaders,
  uncountedRateLimitHeaders,
} from "@/lib/rate-limit/consume-rate-limit";
import { ApiError, toVerificationErrorResponse } from "@/lib/api/errors";
import { handleApiRequest, setLogOrg } from "@/lib/http/api-request";
import { errorField, logger } from "@/lib/log";

export type V1Context<P> = {
  req: Request;
  principal: ApiPrincipal;
  params: P;
  /** The request body parsed as a JSON object (400 parameter_invalid otherwise). */
  json: () => unknown;
  query: URLSearchParams;
};

type RouteContext<P> = { params: Promise<P> };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Wraps a /v1 route handler: Bearer authentication, the organisation's shared rate limit,
 * Idempotency-Key on POST, and the error envelope. Handlers only parse and call domain code.
 * Every response, errors included, carries X-RateLimit-* (for a request without a valid key,
 * those of its client address's failed-authentication budget); a 500 from before the request
 * was counted has X-RateLimit-Limit and X-RateLimit-Reset but no X-RateLimit-Remaining.
 */
export function withApiKey<P extends object = object>(handler: (ctx: V1Context<P>) => Promise<Response>) {
  return (req: Request, routeContext: RouteContext<P>): Promise<Response> =>
    handleApiRequest(req, () => respond(handler, req, routeContext));
}

async function respond<P extends object>(
  handler: (ctx: V1Context<P>) => Promise<Response>,
  req: Request,
  routeContext: RouteContext<P>,
): Promise<Response> {
  {
    // Null until the request is counted (or refused for its key). A failure before then (the
    // database down while checking the key) still sends what is known: the limit and the reset.
    let headers: Record<string, string> | null = null;
    try {
      const token = BEARER.exec(req.headers.get("authorization") ?? "")?.[1];
      const authenticated = await authenticateAndCountRequest(token);
      if (!authenticated) {
        const rate = await consumeFailedAuthRateLimit(clientAddress(req.headers));
        headers = rateLimitHeaders(rate);
        if (!rate.allowed) {
          throw rateLimited(
            "Too many requests without a valid API key from this address; retry after the window resets.",
          );
        }
        headers["WWW-Authenticate"] = 'Bearer realm="v1"';
        throw new ApiError(
          "invalid_api_key",
          "Missing or invalid API key. Send Authorization: Bearer sk_test_... or sk_live_....",
        );
      }

      const { principal, rate } = authenticated;
      setLogOrg(principal.orgId);
      headers = rateLimitHeaders(rate);
      if (!rate.allowed) throw rateLimited("Too many requests for this organisation; retry after the window resets.");

      const raw = req.method === "POST" ? await readBodyText(req) : "";
      const url = new URL(req.url);
      const ctx: V1Context<P> = {
        req,
        principal,
        params: await routeContext.params,
        json: () => parseJsonObject(req.headers.get("content-type"), raw),
        query: url.searchParams,
      };

      const idempotencyKey = req.method === "POST" ? req.headers.get("idempotency-key") : null;
      if (idempotencyKey === null) return withHeaders(await runHandler(handler, ctx), headers);

      const claim = await claimIdempotencyKey({
        orgId: principal.orgId,
        mode: principal.mode,
        key: idempotencyKey,
        method: req.method,
        path: url.pathname,
        body: raw,
      });
      if (claim.kind === "replay") {
        return withHeaders(
          new Response(claim.response.body || null, {
            status: claim.response.status,
            headers: claim.response.body ? { "Content-Type": "application/json" } : {},
          }),
          { ...headers, "Idempotent-Replayed": "true" },
        );
      }
      const response = await runHandler(handler, ctx);
      if (response.ok) {
        // The work is done; failing to record it must not turn a success into a 500 that
        // invites a retry. The key stays claimed, so a retry waits and never runs twice.
        await claim
          .complete({ status: response.status, body: await response.clone().text() })
          .catch((error: unknown) => logger().error({ err: errorField(error) }, "storing idempotent response failed"));
      } else {
        // 4xx changed nothing and 5xx is safe to retry: release the key.
        await claim.abandon();
      }
      return withHeaders(response, headers);
    } catch (error) {
      return withHeaders(toVerificationErrorResponse(error), headers ?? uncountedRateLimitHeaders());
    }
  }
}

function rateLimited(message: string) {
  return new ApiError("rate_limited", message);
}

async function runHandler<P>(handler: (ctx: V1Context<P>) => Promise<Response>, ctx: V1Context<P>) {
  try {
    return await handler(ctx);
  } catch (error) {
    return toVerificationErrorResponse(error);
  }
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
