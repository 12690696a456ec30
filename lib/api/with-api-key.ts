import "server-only";
import { claimIdempotencyKey } from "@/lib/idempotency/idempotency";
import { parseJsonObject } from "@/lib/http/read-json";
import { authenticateApiKey, type ApiPrincipal } from "@/lib/keys/authenticate-api-key";
import { consumeRateLimit, rateLimitHeaders } from "@/lib/rate-limit/consume-rate-limit";
import { ApiError, toVerificationErrorResponse } from "@/lib/verification/errors";

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
 */
export function withApiKey<P extends object = object>(handler: (ctx: V1Context<P>) => Promise<Response>) {
  return async (req: Request, routeContext: RouteContext<P>): Promise<Response> => {
    let headers: Record<string, string> = {};
    try {
      const token = BEARER.exec(req.headers.get("authorization") ?? "")?.[1];
      const principal = await authenticateApiKey(token);
      if (!principal) {
        throw new ApiError("invalid_api_key", "Missing or invalid API key. Send Authorization: Bearer sk_test_... or sk_live_....");
      }

      const rate = await consumeRateLimit(principal.orgId, principal.mode);
      headers = rateLimitHeaders(rate);
      if (!rate.allowed) {
        throw new ApiError("rate_limited", "Too many requests for this organisation; retry after the window resets.");
      }

      const raw = req.method === "POST" ? await req.text() : "";
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
      if (response.status >= 500) await claim.abandon();
      else await claim.complete({ status: response.status, body: await response.clone().text() });
      return withHeaders(response, headers);
    } catch (error) {
      return withHeaders(toVerificationErrorResponse(error), headers);
    }
  };
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
