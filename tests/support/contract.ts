// Contract check for integration tests: every response a test receives from either API must
// match the OpenAPI document for that operation and status, so a handler that drifts from the
// document fails CI. A response to a request the document has no operation for fails too,
// unless it is one of the API's deliberate answers listed in UNDOCUMENTED_ANSWERS (each with
// its reason), and then it must match the documented responses named there.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import { inlineComponentRefs } from "./inline-component-refs";

type Header = { required?: boolean; schema?: { type?: string; const?: unknown; enum?: string[] } };
type Response = { headers?: Record<string, Header>; content?: Record<string, { schema: unknown }> };
type Operation = { responses: Record<string, Response> };

export type DocumentName = "verification" | "voice";

const documents: Record<DocumentName, () => any> = {
  verification: () => inlineComponentRefs(buildVerificationDocument()),
  voice: () => inlineComponentRefs(buildVoiceDocument()),
};

export type UndocumentedAnswer = {
  /** The request paths it answers. */
  path: RegExp;
  /** The handler route files export for it (tests/openapi/routes.test.ts holds the exports to this). */
  handler: string;
  /** Why it is not an operation of the document. */
  reason: string;
  /**
   * What the answer must match: a documented operation's responses for these statuses only, or
   * a reusable response of the document's components (by name) under one status.
   */
  like: { path: string; method: string; statuses: string[] } | { component: string; status: string };
};

/** Answers an API gives on purpose where its document has no operation. Nothing else may. */
// The Voice API's paths (the document's templates), for its deliberate 405 and OPTIONS answers.
const VOICE_PATHS =
  /^(\/(health|voices|formats|tts|prompt-sets|files|lexicons)|\/health\/details|\/lexicons\/[^/]+|\/voices\/[^/]+\/preview\.mp3|\/files\/.+|\/prompt-sets\/[^/]+(\/(generate|status|duplicate|archive|prompts\.csv))?)$/;

// The /v1 paths the verification document lists, for its deliberate 405 and OPTIONS answers.
const V1_PATHS =
  /^\/v1\/(verification-sessions(\/[^/]+)?|webhook-endpoints(\/[^/]+)?|test_helpers\/verification-sessions\/[^/]+\/(complete|expire))$/;

export const UNDOCUMENTED_ANSWERS: Record<DocumentName, UndocumentedAnswer[]> = {
  verification: [
    {
      path: /^\/v1(\/.*)?$/,
      handler: "unrecognizedRequest",
      reason:
        "A /v1 path the API does not have answers, once authenticated and counted, 404 resource_missing in " +
        "the API's envelope, as Stripe does (README; the document's info.description). Listing every such " +
        "path as an operation would advertise endpoints that do not exist.",
      like: { path: "/v1/verification-sessions/{id}", method: "get", statuses: ["401", "404", "429", "500"] },
    },
    {
      path: V1_PATHS,
      handler: "unrecognizedRequest",
      reason:
        "A method a listed /v1 path does not serve is 405 method_not_allowed with a true Allow, stated once " +
        "(components.responses.MethodNotAllowed and info.description) instead of an operation per method " +
        "that generated clients would turn into methods that can only fail.",
      like: { component: "MethodNotAllowed", status: "405" },
    },
    {
      path: V1_PATHS,
      handler: "unrecognizedRequest",
      reason: "OPTIONS on a listed /v1 path is 204 with the same Allow (components.responses.AllowedMethods).",
      like: { component: "AllowedMethods", status: "204" },
    },
  ],
  voice: [
    {
      path: /^\/(voices\/[^/]+(?!\/preview\.mp3$)(\/.*)?|prompt-sets\/[^/]+\/(?!(generate|status|duplicate|archive|prompts\.csv)$).+|lexicons\/[^/]+\/.+|tts\/.+|formats\/.+)$/,
      handler: "unrecognizedVoiceRequest",
      reason:
        "A path under a Voice API root that the API does not have answers, once authenticated, 404 not_found in " +
        "the API's envelope instead of Next.js's HTML page; there is no operation to document.",
      like: { path: "/prompt-sets/{id}", method: "get", statuses: ["401", "404", "429", "500"] },
    },
    {
      path: /^\/health\/.+$/,
      handler: "healthNotFound",
      reason:
        "Below the unauthenticated liveness probe there is nothing: any path there is 404 not_found in the " +
        "API's envelope, without authentication (as /health), instead of Next.js's HTML page.",
      like: { path: "/prompt-sets/{id}", method: "get", statuses: ["404"] },
    },
    {
      path: VOICE_PATHS,
      handler: "notAllowed",
      reason:
        "A method a Voice API path does not serve is 405 method_not_allowed with a true Allow. The document " +
        "states it once (components.responses.MethodNotAllowed and info.description) instead of an operation " +
        "per method that generated clients would turn into methods that can only fail.",
      like: { component: "MethodNotAllowed", status: "405" },
    },
    {
      path: VOICE_PATHS,
      handler: "options",
      reason:
        "OPTIONS on any Voice API path is 204 with the same Allow; stated once in the document " +
        "(components.responses.AllowedMethods) for the same reason as the 405s.",
      like: { component: "AllowedMethods", status: "204" },
    },
  ],
};

// Next.js catch-all segments ([...key]) take the rest of the path, slashes included (the older
// download link form; GET /files takes the key as a query parameter).
const MULTI_SEGMENT_PARAMETERS: Record<string, string> = { "/files/{key}": "key" };

const compiled = new Map<DocumentName, { doc: any; ajv: Ajv2020; validators: Map<unknown, ValidateFunction> }>();

function load(name: DocumentName) {
  let entry = compiled.get(name);
  if (!entry) {
    const doc = documents[name]();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    if (addFormats.default) addFormats.default(ajv);
    else (addFormats as any)(ajv);
    ajv.addSchema({ $id: "doc", components: doc.components });
    entry = { doc, ajv, validators: new Map() };
    compiled.set(name, entry);
  }
  return entry;
}

function validatorFor(name: DocumentName, schema: unknown): ValidateFunction {
  const entry = load(name);
  let validate = entry.validators.get(schema);
  if (!validate) {
    validate = entry.ajv.compile(rewriteRefs(schema) as object);
    entry.validators.set(schema, validate);
  }
  return validate;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** The document's path template that `pathname` falls under, if any. */
function findPathTemplate(doc: any, pathname: string): string | undefined {
  return Object.keys(doc.paths).find((template) => {
    const pattern = escapeRegExp(template).replace(/\{([^}]+)\}/g, (_m, param: string) =>
      MULTI_SEGMENT_PARAMETERS[template] === param ? ".+" : "[^/]+",
    );
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}

function findOperation(name: DocumentName, doc: any, method: string, pathname: string): Operation | undefined {
  const template = findPathTemplate(doc, pathname);
  if (template) {
    const operation = doc.paths[template][method.toLowerCase()];
    if (operation) return operation;
  }
  // Only the status tells which deliberate answer this is when a path has several (405 or 204).
  const answers = UNDOCUMENTED_ANSWERS[name].filter((a) => a.path.test(pathname));
  if (answers.length === 0) return undefined;
  const responses: Record<string, Response> = {};
  for (const { like } of answers) {
    if ("component" in like) {
      responses[like.status] = doc.components.responses[like.component];
    } else {
      const operation: Operation = doc.paths[like.path][like.method];
      for (const status of like.statuses) responses[status] = operation.responses[status];
    }
  }
  return { responses };
}

/** Throws with a readable reason when the response does not match the document. */
export function assertMatchesContract(
  name: DocumentName,
  method: string,
  pathname: string,
  status: number,
  headers: Headers,
  body: unknown,
): void {
  const { doc, ajv } = load(name);
  // HEAD is GET without the body (RFC 9110), served wherever GET is.
  const head = method.toUpperCase() === "HEAD";
  const operation = findOperation(name, doc, head ? "GET" : method, pathname);
  if (!operation) {
    throw new Error(
      `Contract: ${method} ${pathname} answered ${status}, but the ${name} document has no such operation ` +
        "(document it, or list it in UNDOCUMENTED_ANSWERS with the reason)",
    );
  }
  const response = operation.responses[String(status)];
  if (!response) {
    throw new Error(`Contract: ${method} ${pathname} answered ${status}, which the ${name} document does not list`);
  }
  for (const [header, spec] of Object.entries(response.headers ?? {})) {
    const value = headers.get(header);
    if (value === null) {
      if (spec.required) throw new Error(`Contract: ${method} ${pathname} ${status} lacks header ${header}`);
      continue;
    }
    if (spec.schema?.type === "integer" && !/^-?\d+$/.test(value)) {
      throw new Error(`Contract: ${method} ${pathname} ${status} header ${header} is not an integer: ${value}`);
    }
    if (spec.schema && "const" in spec.schema && value !== spec.schema.const) {
      throw new Error(
        `Contract: ${method} ${pathname} ${status} header ${header} is ${value}, not ${String(spec.schema.const)}`,
      );
    }
    if (spec.schema?.enum && !spec.schema.enum.includes(value)) {
      throw new Error(
        `Contract: ${method} ${pathname} ${status} header ${header} is ${value}, not one of ${spec.schema.enum.join(" | ")}`,
      );
    }
  }
  const media = response.content?.["application/json"];
  const otherTypes = Object.keys(response.content ?? {}).filter((type) => type !== "application/json");
  if (!media && otherTypes.length > 0) {
    // Audio: the Content-Type must be one the document lists; the bytes are the tests' business.
    const type = headers.get("content-type")?.split(";")[0].trim() ?? "";
    if (!otherTypes.includes(type)) {
      throw new Error(
        `Contract: ${method} ${pathname} ${status} has Content-Type ${type}, not one of ${otherTypes.join(", ")}`,
      );
    }
    return;
  }
  if (!media || head) {
    if (body !== undefined && body !== "")
      throw new Error(`Contract: ${method} ${pathname} ${status} should have no body`);
    return;
  }
  const validate = validatorFor(name, media.schema);
  if (!validate(body)) {
    throw new Error(
      `Contract: ${method} ${pathname} ${status} body does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
}

/**
 * Throws unless `rawBody` is a payload the verification document's `webhooks` section allows
 * for this event type (its WebhookEvent schema, and `type` matching the event).
 */
export function assertWebhookMatchesContract(eventType: string, rawBody: string): void {
  const { doc, ajv } = load("verification");
  const operation = doc.webhooks[eventType]?.post;
  if (!operation) throw new Error(`Contract: the verification document has no webhook ${eventType}`);
  const body: { type?: unknown } = JSON.parse(rawBody);
  const validate = validatorFor("verification", operation.requestBody.content["application/json"].schema);
  if (!validate({ ...body })) {
    throw new Error(
      `Contract: ${eventType} payload does not match the document: ${ajv.errorsText(validate.errors)}\n${rawBody}`,
    );
  }
  if (body.type !== eventType) throw new Error(`Contract: a ${eventType} delivery carries type ${body.type}`);
}

// Local refs (#/components/...) point into the registered "doc" schema.
function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (schema && typeof schema === "object") {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [k, k === "$ref" && typeof v === "string" ? `doc${v}` : rewriteRefs(v)]),
    );
  }
  return schema;
}
