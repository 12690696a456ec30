import "server-only";
import { newRequestId } from "@/lib/platform/http/security-headers";
import { currentContext, runWithContext } from "@/lib/platform/log-context";
import { errorField, logger } from "@/lib/platform/log";
import { isRecord } from "@/lib/platform/narrow";

/**
 * Runs one API request inside its log context and writes the one line that sums it up (route,
 * status, duration, error code). The Request-Id comes from the proxy (proxy.ts), which also puts
 * it on the response; a handler called without the proxy (unit tests) gets a fresh one.
 */
export async function handleApiRequest(req: Request, run: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const url = new URL(req.url);
  const context = {
    requestId: req.headers.get("x-request-id") ?? newRequestId(),
    route: `${req.method} ${url.pathname}`,
  };
  return runWithContext(context, async () => {
    let response: Response;
    try {
      response = await run();
    } catch (error) {
      logger().error({ err: errorField(error), status: 500 }, "request failed");
      throw error;
    }
    const durationMs = Math.round(performance.now() - started);
    const errorCode = response.ok ? undefined : await errorCodeOf(response);
    const level = response.status >= 500 ? "error" : "info";
    logger()[level]({ status: response.status, durationMs, errorCode }, "request");
    return response;
  });
}

/** Records the authenticated organisation on the current request's log context. */
export function setLogOrg(orgId: string): void {
  const context = currentContext();
  if (context) context.orgId = orgId;
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  try {
    const body: unknown = await response.clone().json();
    return isRecord(body) && isRecord(body.error) && typeof body.error.code === "string" ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}
