import "server-only";
import { apiKeyRoute, type ApiKeyScheme } from "@/lib/edge/api/api-key-route";
import { authenticateAndCountRequest } from "@/lib/edge/api/authenticate-request";
import { parseJsonObject, readBodyText } from "@/lib/platform/http/read-json";
import {
  claimIdempotencyKey,
  IdempotencyKeyTaken,
  idempotentRequest,
  idempotentWrite,
  type IdempotentRequest,
  type IdempotentWrite,
} from "@/lib/verification/idempotency";
import type { ApiPrincipal } from "@/lib/account/keys/authenticate-api-key";
import { uncountedRateLimitHeaders } from "@/lib/account/rate-limit/consume-rate-limit";
import { VerificationApiError, toVerificationErrorResponse } from "@/lib/verification/errors";
import { errorField, logger } from "@/lib/platform/log";

export type V1Context<P> = {
  req: Request;
  principal: ApiPrincipal;
  params: P;
  /** The request body parsed as a JSON object (400 parameter_invalid otherwise). */
  json: () => unknown;
  query: URLSearchParams;
  /**
   * Only for a route wrapped with `storesIdempotentAnswer`, under an Idempotency-Key: its write
   * claims the key and stores the answer in the same statement. Null otherwise.
   */
  idempotency: IdempotentWrite | null;
};

type V1Handler<P> = (ctx: V1Context<P>) => Promise<Response>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const v1Scheme: ApiKeyScheme = {
  readKey: (req) => BEARER.exec(req.headers.get("authorization") ?? "")?.[1],
  authenticate: (key) => authenticateAndCountRequest(key),
  refuse: (reason, message) =>
    new VerificationApiError(reason === "rate_limited" ? "rate_limited" : "invalid_api_key", message),
  unauthenticatedMessage: "Missing or invalid API key. Send Authorization: Bearer sk_test_... or sk_live_....",
  challenge: { "WWW-Authenticate": 'Bearer realm="v1"' },
  toErrorResponse: toVerificationErrorResponse,
  uncountedHeaders: () => uncountedRateLimitHeaders(),
};

/**
 * Wraps a /v1 route handler: Bearer authentication, the organisation's shared rate limit,
 * Idempotency-Key on POST, and the error envelope. Handlers only parse and call domain code.
 * Every response, errors included, carries X-RateLimit-* (for a request without a valid key,
 * those of its client address's failed-authentication budget); a 500 from before the request
 * was counted has X-RateLimit-Limit and X-RateLimit-Reset but no X-RateLimit-Remaining.
 *
 * `storesIdempotentAnswer`: the handler's own statement claims the Idempotency-Key and stores
 * its answer (ctx.idempotency), so a first request costs one statement instead of three. Only
 * for a handler that checks its input before writing and writes in a single statement.
 */
export function withApiKey<P extends object = object>(
  handler: V1Handler<P>,
  options: { storesIdempotentAnswer?: boolean } = {},
) {
  return apiKeyRoute<P>(v1Scheme, async ({ req, principal, params }) => {
    const raw = req.method === "POST" ? await readBodyText(req) : "";
    const url = new URL(req.url);
    const ctx: V1Context<P> = {
      req,
      principal,
      params,
      json: () => parseJsonObject(req.headers.get("content-type"), raw),
      query: url.searchParams,
      idempotency: null,
    };

    const idempotencyKey = req.method === "POST" ? req.headers.get("idempotency-key") : null;
    if (idempotencyKey === null) return runHandler(handler, ctx);

    const request = idempotentRequest({
      orgId: principal.orgId,
      mode: principal.mode,
      key: idempotencyKey,
      method: req.method,
      path: url.pathname,
      body: raw,
    });
    if (!options.storesIdempotentAnswer) return claimAndRun(handler, ctx, request);

    const write = idempotentWrite(request);
    let response: Response;
    try {
      response = await runHandler(handler, { ...ctx, idempotency: write });
    } catch (error) {
      // The key is an earlier request's and nothing was written: answer as any route does.
      if (error instanceof IdempotencyKeyTaken) return claimAndRun(handler, ctx, request);
      throw error;
    }
    if (write.stored) return response;
    // Nothing was claimed or written. A 5xx (the statement failed as a whole) is safe to retry
    // as it is. A refusal (4xx) may meet a key already in use: that answer (a replay, or the
    // refusal of different parameters) comes first, as it does when the key is claimed first.
    if (response.status >= 500) return response;
    const claim = await claimIdempotencyKey(request);
    if (claim.kind === "replay") return replayed(claim.response);
    await claim.abandon();
    return response;
  });
}

/** The general order: claim the key (or replay, refuse, wait), run the handler, store its answer. */
async function claimAndRun<P>(handler: V1Handler<P>, ctx: V1Context<P>, request: IdempotentRequest) {
  const claim = await claimIdempotencyKey(request);
  if (claim.kind === "replay") return replayed(claim.response);
  const response = await runHandler(handler, ctx);
  if (!response.ok) {
    // 4xx changed nothing and 5xx is safe to retry: release the key.
    await claim.abandon();
    return response;
  }
  // Read once and answered from the same text: cheaper than clone(), which tees the body
  // into two streams.
  const body = await response.text();
  // The work is done; failing to record it must not turn a success into a 500 that
  // invites a retry. The key stays claimed, so a retry waits and never runs twice.
  await claim
    .complete({ status: response.status, body })
    .catch((error: unknown) => logger().error({ err: errorField(error) }, "storing idempotent response failed"));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function replayed(stored: { status: number; body: string }): Response {
  const replay = new Response(stored.body || null, {
    status: stored.status,
    headers: stored.body ? { "Content-Type": "application/json" } : {},
  });
  replay.headers.set("Idempotent-Replayed", "true");
  return replay;
}

// The handler's own failures become answers here, so that the idempotency claim sees them.
async function runHandler<P>(handler: V1Handler<P>, ctx: V1Context<P>) {
  try {
    return await handler(ctx);
  } catch (error) {
    if (error instanceof IdempotencyKeyTaken) throw error;
    return toVerificationErrorResponse(error);
  }
}
