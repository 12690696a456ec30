// The request rules zod checks in refinements (which z.toJSONSchema drops) are in the document:
// as JSON Schema where it can say them (maxProperties, uniqueItems, pattern, maxLength in code
// points, if/then), in the field's description otherwise. A client validating against the
// document accepts and refuses what the API does.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { createSessionBodySchema } from "@/lib/verification/schemas";
import { createWebhookEndpointBodySchema } from "@/lib/verification/webhooks/schemas";

const doc = buildVerificationDocument();
// Request bodies live in components.requestBodies (see namedSchemas in lib/edge/openapi/zod-to-openapi.ts).
const schemas = Object.fromEntries(
  Object.entries(doc.components.requestBodies).map(([name, body]) => [name, body.content["application/json"].schema]),
) as Record<string, any>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: "doc", components: doc.components });
const documentAccepts = (name: string) =>
  ajv.compile({ $ref: `doc#/components/requestBodies/${name}/content/application~1json/schema` });

const EMOJI = "\u{1F600}";
const pairs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, "v"]));
const session = { required_age: 18, return_url: "https://shop.example/done" };

describe("request rules in the verification document", () => {
  it("states the create-session rules as JSON Schema, and says the rest", () => {
    const body = schemas.CreateSessionBody;
    expect(body.properties.metadata.maxProperties).toBe(20);
    expect(body.properties.metadata.propertyNames).toMatchObject({ minLength: 1, maxLength: 40 });
    expect(body.properties.metadata.additionalProperties).toMatchObject({ type: "string", maxLength: 500 });
    expect(body.properties.metadata.description).toMatch(/code points/);
    expect(body.properties.methods.uniqueItems).toBe(true);
    expect(body.properties.return_url).toMatchObject({ maxLength: 2048, pattern: "^[Hh][Tt][Tt][Pp][Ss]?://" });
    expect(body.properties.return_url.description).toMatch(/absolute http or https URL with a host/);
    expect(body.if).toEqual({ required: ["methods"], properties: { methods: { contains: { const: "credit_card" } } } });
    expect(body.then).toEqual({ properties: { required_age: { const: 18 } } });
    expect(body.properties.methods.description).toMatch(/credit_card only with required_age 18/);
  });

  it("states the webhook endpoint rules: https only, unique events", () => {
    const body = schemas.CreateWebhookEndpointBody;
    expect(body.properties.url).toMatchObject({ maxLength: 2048, pattern: "^[Hh][Tt][Tt][Pp][Ss]://" });
    expect(body.properties.url.description).toMatch(/https.*plain http is refused/);
    expect(body.properties.events.uniqueItems).toBe(true);
  });

  it.each([
    ["a minimal body", session, true],
    ["20 metadata pairs", { ...session, metadata: pairs(20) }, true],
    ["21 metadata pairs", { ...session, metadata: pairs(21) }, false],
    ["a 500-emoji value", { ...session, metadata: { note: EMOJI.repeat(500) } }, true],
    ["a 501-emoji value", { ...session, metadata: { note: EMOJI.repeat(501) } }, false],
    ["a 40-emoji key", { ...session, metadata: { [EMOJI.repeat(40)]: "v" } }, true],
    ["a 41-emoji key", { ...session, metadata: { [EMOJI.repeat(41)]: "v" } }, false],
    ["duplicate methods", { ...session, methods: ["id_document", "id_document"] }, false],
    ["credit_card at 18", { ...session, methods: ["credit_card"] }, true],
    ["credit_card at 16", { ...session, required_age: 16, methods: ["face_estimation", "credit_card"] }, false],
    ["an http return_url", { ...session, return_url: "http://localhost:8080/done" }, true],
    ["an upper-case scheme", { ...session, return_url: "HTTPS://shop.example/" }, true],
    ["an ftp return_url", { ...session, return_url: "ftp://shop.example/done" }, false],
    ["a javascript: return_url", { ...session, return_url: "javascript:alert(1)" }, false],
    ["a 2048-character return_url", { ...session, return_url: `https://a.example/${EMOJI.repeat(2048 - 18)}` }, true],
    ["a 2049-character return_url", { ...session, return_url: `https://a.example/${EMOJI.repeat(2049 - 18)}` }, false],
  ])("CreateSessionBody and the API agree on %s", (_label, body, accepted) => {
    expect(createSessionBodySchema.safeParse(body).success).toBe(accepted);
    expect(documentAccepts("CreateSessionBody")(body)).toBe(accepted);
  });

  it.each([
    ["https", { url: "https://hooks.example/in" }, true],
    ["plain http", { url: "http://hooks.example/in" }, false],
    [
      "duplicate events",
      { url: "https://hooks.example/in", events: ["verification_session.expired", "verification_session.expired"] },
      false,
    ],
    ["one event", { url: "https://hooks.example/in", events: ["verification_session.expired"] }, true],
  ])("CreateWebhookEndpointBody and the API agree on %s", (_label, body, accepted) => {
    expect(createWebhookEndpointBodySchema.safeParse(body).success).toBe(accepted);
    expect(documentAccepts("CreateWebhookEndpointBody")(body)).toBe(accepted);
  });
});
