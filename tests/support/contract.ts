// Contract check for integration tests: every response a test receives from a documented
// operation must match the OpenAPI document for that status, so a handler that drifts from
// the document fails CI.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { buildVerificationDocument } from "@/lib/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/openapi/voice-document";

type Doc = ReturnType<typeof buildVerificationDocument>;
type Operation = { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }> };

const documents: Record<string, () => Doc | Record<string, unknown>> = {
  verification: () => buildVerificationDocument(),
  voice: () => buildVoiceDocument(),
};

const compiled = new Map<string, { doc: any; ajv: Ajv2020 }>();

export function registerDocument(name: string, build: () => Record<string, unknown>) {
  documents[name] = build;
}

function load(name: string) {
  let entry = compiled.get(name);
  if (!entry) {
    const doc = documents[name]() as any;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default ? addFormats.default(ajv) : (addFormats as any)(ajv);
    ajv.addSchema({ $id: "doc", components: doc.components });
    entry = { doc, ajv };
    compiled.set(name, entry);
  }
  return entry;
}

function findOperation(doc: any, method: string, pathname: string): Operation | undefined {
  for (const [template, item] of Object.entries<any>(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (pattern.test(pathname)) return item[method.toLowerCase()];
  }
  return undefined;
}

/** Throws with a readable reason when the response does not match the document. */
export function assertMatchesContract(
  name: string,
  method: string,
  pathname: string,
  status: number,
  headers: Headers,
  body: unknown,
): void {
  const { doc, ajv } = load(name);
  const operation = findOperation(doc, method, pathname);
  if (!operation) return; // not a documented operation (e.g. unknown paths)
  const response = operation.responses[String(status)];
  if (!response) {
    throw new Error(`Contract: ${method} ${pathname} answered ${status}, which the ${name} document does not list`);
  }
  for (const header of Object.keys(response.headers ?? {})) {
    if (!headers.has(header)) throw new Error(`Contract: ${method} ${pathname} ${status} lacks header ${header}`);
  }
  const media = response.content?.["application/json"];
  if (!media) {
    if (body !== undefined && body !== "") throw new Error(`Contract: ${method} ${pathname} ${status} should have no body`);
    return;
  }
  const schema = rewriteRefs(media.schema);
  const validate = ajv.compile(schema as object);
  if (!validate(body)) {
    throw new Error(
      `Contract: ${method} ${pathname} ${status} body does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
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
