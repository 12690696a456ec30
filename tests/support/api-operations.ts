// Every operation of both OpenAPI documents as a request a test can send: the path with its
// parameters filled in (ids that do not exist), how it authenticates, and a minimal body.
// The header walk and the hostile-input suite both start from it.
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import type { DocumentName } from "./contract";
import { inlineComponentRefs } from "./inline-component-refs";
import { createMigratedDatabase, startAppInstance, type AppProcess } from "./test-stack";

export type ApiOperation = {
  api: DocumentName;
  template: string;
  method: string;
  /** The template with every parameter filled with an id of the right shape that does not exist. */
  path: string;
  /** False for the operations the document marks `security: []` (/health, previews, /files). */
  authenticated: boolean;
  /** The operation's request body, if it has one: its media type and a minimal valid-looking value. */
  body?: { contentType: string; raw: string };
};

const FILLERS: Record<string, string> = {
  "/v1/verification-sessions/{id}": "vs_doesnotexist0000000000",
  "/v1/test_helpers/verification-sessions/{id}/complete": "vs_doesnotexist0000000000",
  "/v1/test_helpers/verification-sessions/{id}/expire": "vs_doesnotexist0000000000",
  "/v1/webhook-endpoints/{id}": "we_doesnotexist0000000000",
  "/files/{key}": "tts/doesnotexist.mp3",
};

// Bodies that pass validation where `{}` would not, so that a request reaches the id lookup.
const BODIES: Record<string, string> = {
  "POST /v1/test_helpers/verification-sessions/{id}/complete": JSON.stringify({ result: "pass" }),
  "PATCH /prompt-sets/{id}": JSON.stringify({ name: "Renamed" }),
};

function fill(template: string): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    if (FILLERS[template]) return FILLERS[template];
    if (name === "voiceId") return "doesnotexist00";
    return "ps_doesnotexist0000000000";
  });
}

/** The operations of both documents, in document order. */
export function apiOperations(): ApiOperation[] {
  const documents = [
    ["verification", inlineComponentRefs(buildVerificationDocument())],
    ["voice", inlineComponentRefs(buildVoiceDocument())],
  ] as const;
  const operations: ApiOperation[] = [];
  for (const [api, document] of documents) {
    for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!operation || typeof operation !== "object" || !("responses" in operation)) continue;
        const content = operation.requestBody?.content as Record<string, unknown> | undefined;
        const contentType = content ? Object.keys(content)[0] : undefined;
        operations.push({
          api,
          template,
          method: method.toUpperCase(),
          path: fill(template),
          authenticated: !(Array.isArray(operation.security) && operation.security.length === 0),
          body: contentType
            ? {
                contentType,
                raw:
                  BODIES[`${method.toUpperCase()} ${template}`] ?? (contentType === "text/csv" ? "name,text\n" : "{}"),
              }
            : undefined,
        });
      }
    }
  }
  return operations;
}

/** The header a request of this API presents its key in. */
export function keyHeader(api: DocumentName, key: string): Record<string, string> {
  return api === "verification" ? { authorization: `Bearer ${key}` } : { "x-api-key": key };
}

/**
 * The built app on a database of its own (fresh and migrated), for a test whose requests must
 * not share the per-address budget for bad keys, or anything else, with the suite's app.
 */
export async function startIsolatedApp(
  env: Record<string, string> = {},
): Promise<{ app: AppProcess; databaseUrl: string; stop: () => Promise<void> }> {
  const database = await createMigratedDatabase();
  const app = await startAppInstance({ databaseUrl: database.url, env });
  return {
    app,
    databaseUrl: database.url,
    stop: async () => {
      await app.stop();
      await database.drop();
    },
  };
}

/** The two things every API answer carries, errors included (proxy.ts). */
export function apiHeaderProblems(headers: Headers): string[] {
  const problems: string[] = [];
  if (!/^req_[A-Za-z0-9]{24}$/.test(headers.get("request-id") ?? ""))
    problems.push(`Request-Id is ${headers.get("request-id")}`);
  const csp = headers.get("content-security-policy") ?? "";
  if (!csp.includes("script-src 'none'")) problems.push(`not the API CSP: ${csp.slice(0, 80)}`);
  return problems;
}
