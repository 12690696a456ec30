import "server-only";
import { handleApiRequest, setLogOrg } from "@/lib/platform/http/api-request";
import type { ApiPrincipal } from "@/lib/account/keys/authenticate-api-key";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import {
  consumeFailedAuthRateLimit,
  rateLimitHeaders,
  type RateLimitState,
} from "@/lib/account/rate-limit/consume-rate-limit";

/** What an API-key wrapper hands on once the caller is known. */
export type ApiKeyCall<P> = { req: Request; principal: ApiPrincipal; params: P };

export type RouteContext<P> = { params: Promise<P> };

/** How one API reads and checks its key and words its refusals; the steps are shared. */
export type ApiKeyScheme = {
  /** The key as this API's requests carry it (undefined when absent). */
  readKey: (req: Request) => string | undefined;
  /**
   * The key's principal, or null. An API that rate-limits its organisations also counts the
   * request here and returns the organisation's budget as `rate`.
   */
  authenticate: (key: string | undefined) => Promise<{ principal: ApiPrincipal; rate?: RateLimitState } | null>;
  /** The API's own error for a request without a valid key, or over a budget. */
  refuse: (reason: "unauthenticated" | "rate_limited", message: string) => Error;
  unauthenticatedMessage: string;
  /** Headers added to the refusal of a request without a valid key (e.g. WWW-Authenticate). */
  challenge?: Record<string, string>;
  /** The API's envelope for anything thrown. */
  toErrorResponse: (error: unknown) => Response;
  /** Headers for a failure before the request was counted, for an API that sends its budget. */
  uncountedHeaders?: () => Record<string, string>;
};

/**
 * The one implementation behind every API-key wrapper (withApiKey for /v1, withVoiceApiKey for
 * the Voice API): the request's log context, the key, the failed-authentication budget per
 * client address (shared by both APIs, so guessing keys is bounded across them), the
 * organisation's budget where the API has one, and the API's error envelope. Budget headers,
 * once known, go on every answer, errors included.
 */
export function apiKeyRoute<P extends object>(scheme: ApiKeyScheme, serve: (call: ApiKeyCall<P>) => Promise<Response>) {
  return (req: Request, routeContext: RouteContext<P>): Promise<Response> =>
    handleApiRequest(req, async () => {
      // Null until the request is counted (or refused for its key). A failure before then (the
      // database down while checking the key) still sends what the API knows without it.
      let headers: Record<string, string> | null = null;
      try {
        const authenticated = await scheme.authenticate(scheme.readKey(req));
        if (!authenticated) {
          const rate = await consumeFailedAuthRateLimit(clientAddress(req.headers));
          headers = rateLimitHeaders(rate);
          if (!rate.allowed) {
            throw scheme.refuse(
              "rate_limited",
              "Too many requests without a valid API key from this address; retry after the window resets.",
            );
          }
          Object.assign(headers, scheme.challenge);
          throw scheme.refuse("unauthenticated", scheme.unauthenticatedMessage);
        }
        const { principal, rate } = authenticated;
        setLogOrg(principal.orgId);
        if (rate) {
          headers = rateLimitHeaders(rate);
          if (!rate.allowed) {
            throw scheme.refuse(
              "rate_limited",
              "Too many requests for this organisation; retry after the window resets.",
            );
          }
        }
        return withHeaders(await serve({ req, principal, params: await routeContext.params }), headers ?? {});
      } catch (error) {
        return withHeaders(scheme.toErrorResponse(error), headers ?? scheme.uncountedHeaders?.() ?? {});
      }
    });
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
