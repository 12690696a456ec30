// Every operation of both documents shows an example of its request body and of its main
// (2xx) responses, and every example in either document is valid against the schema beside it,
// so what a reader copies from the reference is something the API accepts or answers.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import { inlineComponentRefs } from "../support/inline-component-refs";

type Media = { schema: unknown; example?: unknown };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

const documents = { verification: buildVerificationDocument(), voice: buildVoiceDocument() };

function mediaObjects(node: unknown, at: string, found: { at: string; media: Media }[] = []) {
  if (!node || typeof node !== "object") return found;
  for (const [key, value] of Object.entries(node)) {
    const here = `${at}/${key}`;
    if (key === "content" && value && typeof value === "object") {
      for (const [type, media] of Object.entries(value as Record<string, Media>)) {
        if (media && typeof media === "object" && "schema" in media) found.push({ at: `${here}/${type}`, media });
      }
    } else mediaObjects(value, here, found);
  }
  return found;
}

describe.each(Object.entries(documents))("examples in the %s document", (_name, document) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "doc", components: document.components });
  const rewrite = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"doc#/'));

  it("are each valid against their schema", () => {
    const examples = mediaObjects(document, "#").filter(({ media }) => media.example !== undefined);
    expect(examples.length).toBeGreaterThan(10);
    const invalid = examples.flatMap(({ at, media }) => {
      const validate = ajv.compile(rewrite(media.schema) as object);
      return validate(media.example) ? [] : [`${at}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });

  it("cover every operation's request body and main responses", () => {
    const missing: string[] = [];
    const inlined = inlineComponentRefs(document) as unknown as { paths: Record<string, Record<string, Operation>> };
    for (const [path, item] of Object.entries(inlined.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
          if (media.example === undefined) missing.push(`${method} ${path} request ${type}`);
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [type, media] of Object.entries(response.content ?? {})) {
            const textual = type === "application/json" || type.startsWith("text/");
            if (status.startsWith("2") && textual && media.example === undefined) {
              missing.push(`${method} ${path} ${status} ${type}`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("include an error example for every error response", () => {
    const inlined = inlineComponentRefs(document) as unknown as { paths: Record<string, Record<string, Operation>> };
    const missing = Object.entries(inlined.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.entries(operation.responses)
          .filter(([status, response]) => /^[45]/.test(status) && response.content?.["application/json"])
          .filter(([, response]) => response.content!["application/json"].example === undefined)
          .map(([status]) => `${method} ${path} ${status}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});
