import "server-only";
import http from "node:http";
import https from "node:https";
import { errorBody } from "@/lib/verification/errors";
import { env } from "@/lib/platform/env";
import {
  contentOrigins,
  hostedCheckOrigins,
  newRequestId,
  securityHeaders,
} from "@/lib/platform/http/security-headers";
import { allowedMethodsOf, apiOfPath } from "@/lib/edge/openapi/api-paths";
import { voiceErrorBody } from "@/lib/voice/errors";
import { shedSignUpPost } from "@/lib/edge/api/sign-up-admission";

// Requests Next.js cannot route answer before they reach it (issue #48): a path whose
// percent-encoding is not UTF-8 (`/files/%FF`, an overlong `%C0%AF`, a lone surrogate `%ED%A0%80`)
// made its router throw and answer a bare 500, and a method outside HTTP's usual seven (TRACE,
// PROPFIND, ...) a 500 or an empty 400. Both are answered here, in the API's envelope with a
// Request-Id and the API's headers, on every path: the Voice API's envelope on its paths, the
// verification API's everywhere else (pages have no error envelope of their own).

const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** What a page path takes: pages are read, forms and server actions post. */
const PAGE_ALLOW = "GET, HEAD, POST";

type Refusal = { status: 400 | 404 | 405; allow?: string; message: string };

function refusalOf(method: string, rawPath: string): Refusal | null {
  try {
    decodeURIComponent(rawPath);
  } catch {
    return { status: 400, message: "The URL's path is not valid percent-encoded UTF-8." };
  }
  if (ROUTED_METHODS.has(method)) return null;
  if (apiOfPath(rawPath) === null) {
    return { status: 405, allow: PAGE_ALLOW, message: `${method} is not supported here.` };
  }
  const allow = allowedMethodsOf(rawPath);
  if (!allow) return { status: 404, message: `Unrecognized request URL (${method} ${rawPath}).` };
  return { status: 405, allow, message: `${method} is not supported here; use ${allow}.` };
}

/** The headers every answer of this guard carries: a page's CSP at `pathname`, and a Request-Id. */
function pageHeaders(pathname: string): Record<string, string> {
  const e = env();
  return {
    ...securityHeaders({
      pathname,
      appUrl: e.APP_URL,
      development: e.NODE_ENV === "development",
      hostedCheckOrigins: hostedCheckOrigins(e),
      contentOrigins: contentOrigins(e),
    }),
    "Request-Id": newRequestId(),
  };
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, rawPath: string, refusal: Refusal) {
  const voice = apiOfPath(rawPath) === "voice";
  const body = voice
    ? voiceErrorBody(
        refusal.status === 400 ? "bad_request" : refusal.status === 404 ? "not_found" : "method_not_allowed",
        refusal.message,
      )
    : errorBody(
        refusal.status === 400
          ? "parameter_invalid"
          : refusal.status === 404
            ? "resource_missing"
            : "method_not_allowed",
        refusal.message,
      );
  const headers: Record<string, string> = {
    // The API's headers (no script may run), whatever the path: this answer is JSON.
    ...pageHeaders(voice ? rawPath : "/v1"),
    "Content-Type": "application/json",
    "Cache-Control": "no-store",
    ...(refusal.allow ? { Allow: refusal.allow } : {}),
  };
  const text = JSON.stringify(body);
  headers["Content-Length"] = String(Buffer.byteLength(text));
  // The request's body, if any, is not read: the connection closes after the answer.
  headers.Connection = "close";
  res.writeHead(refusal.status, headers);
  res.end(req.method === "HEAD" ? undefined : text);
}

let installed = false;

/** Answers unroutable requests on every HTTP(S) server of this process before Next.js sees them. */
export function guardUnroutableRequests() {
  if (installed) return;
  installed = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      const [req, res] = args;
      if (event === "request" && req instanceof http.IncomingMessage && res instanceof http.ServerResponse) {
        const rawPath = (req.url ?? "/").split("?", 1)[0];
        const refusal = refusalOf(req.method ?? "GET", rawPath);
        if (refusal) {
          answer(req, res, rawPath, refusal);
          return true;
        }
        if (shedSignUpPost(req, res, rawPath, () => pageHeaders(rawPath))) return true;
      }
      return Reflect.apply(emit, this, [event, ...args]);
    };
  }
}
