import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";

export type ApiName = "verification" | "voice";

let roots: Map<string, ApiName> | undefined;
let templates: { pattern: RegExp; allow: string }[] | undefined;

/**
 * The first path segment of every path in the two OpenAPI documents (`v1`, `health`, `voices`,
 * `prompt-sets`, `files`, ...), and whose it is. Derived from the documents, which a route test
 * holds equal to the app's route files, so a new route is an API path the moment it is
 * documented: no list to keep by hand. A whole first segment counts, so an unknown path under an
 * API's root (`/v1/nothing`, `/prompt-sets/x/y`) is answered as the API's too.
 */
function apiRoots(): Map<string, ApiName> {
  if (!roots) {
    const found = new Map<string, ApiName>();
    const documents = [
      ["verification", buildVerificationDocument()],
      ["voice", buildVoiceDocument()],
    ] as const;
    for (const [name, document] of documents) {
      for (const path of Object.keys(document.paths)) found.set(path.split("/")[1], name);
    }
    roots = found;
  }
  return roots;
}

/** Which API answers this URL path, or null for pages (and everything else). */
export function apiOfPath(pathname: string): ApiName | null {
  const root = pathname.split("/", 2)[1];
  return root ? (apiRoots().get(root) ?? null) : null;
}

/** Paths answered by the two JSON APIs: they carry a Request-Id and the API's CSP. */
export function isApiPath(pathname: string): boolean {
  return apiOfPath(pathname) !== null;
}

const DOCUMENT_METHODS = ["get", "head", "post", "put", "patch", "delete", "options"];

/**
 * The methods a documented API path takes, as an Allow header (HEAD wherever GET is; OPTIONS,
 * which both APIs answer), or null when no documented path matches. From the same
 * documents as apiOfPath: `{id}` matches one segment.
 */
export function allowedMethodsOf(pathname: string): string | null {
  if (!templates) {
    const found: { pattern: RegExp; allow: string }[] = [];
    for (const document of [buildVerificationDocument(), buildVoiceDocument()]) {
      for (const [template, item] of Object.entries(document.paths)) {
        const methods = DOCUMENT_METHODS.filter((m) => m in item).map((m) => m.toUpperCase());
        if (methods.includes("GET") && !methods.includes("HEAD")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
        if (!methods.includes("OPTIONS")) methods.push("OPTIONS");
        const source = template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
          .join("[^/]+");
        found.push({ pattern: new RegExp(`^${source}$`), allow: methods.join(", ") });
      }
    }
    templates = found;
  }
  return templates.find((t) => t.pattern.test(pathname))?.allow ?? null;
}
