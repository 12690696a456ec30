import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildVerificationDocument } from "@/lib/edge/openapi/verification-document";
import { buildVoiceDocument } from "@/lib/edge/openapi/voice-document";
import { baseUrl } from "../support/api";
import { inlineComponentRefs } from "../support/inline-component-refs";

describe("OpenAPI documents", () => {
  it("serves a valid OpenAPI 3.1 document for the verification API", async () => {
    const res = await fetch(`${baseUrl()}/openapi/verification.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    const result = await new Validator().validate(doc);
    expect(result).toEqual({ valid: true });
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toContain("/v1/verification-sessions/{id}");
    expect(Object.keys(doc.webhooks)).toEqual(["verification_session.completed", "verification_session.expired"]);
  });

  it("serves a valid OpenAPI 3.1 document for the voice API, version 1.1.0, with every format and error code", async () => {
    const res = await fetch(`${baseUrl()}/openapi/voice.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    const result = await new Validator().validate(doc);
    expect(result).toEqual({ valid: true });
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/voices", "/formats", "/tts"]));
    expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ in: "header", name: "x-api-key" }));
    expect(doc.paths["/health"].get.security).toEqual([]);
    const tts = doc.paths["/tts"].post;
    expect(Object.keys(tts.responses).sort()).toEqual(["200", "400", "401", "404", "413", "429", "500", "502"]);
    expect(tts.responses["429"].headers).toHaveProperty("Retry-After");
    const request = doc.components.requestBodies.TtsRequest.content["application/json"].schema;
    expect(request.properties.output_format.enum).toHaveLength(24);
    expect(request.properties.output_format.default).toBe("wav_8000");
    expect(request.additionalProperties).toBe(false);
    const codes = Object.entries(doc.components.schemas)
      .filter(([name]) => name.startsWith("Error"))
      .flatMap(([, schema]: [string, any]) => schema.properties.error.properties.code.enum);
    expect(codes).toEqual(
      expect.arrayContaining(["unauthorized", "bad_request", "voice_not_found", "rate_limited", "upstream_error"]),
    );
  });

  it("serves exactly what the builders make, so the tests of the built documents hold for the served ones", async () => {
    // The suite's app runs with the default text limit and APP_URL = its own origin.
    const served = async (api: string) => (await fetch(`${baseUrl()}/openapi/${api}.json`)).json();
    expect(await served("verification")).toEqual(JSON.parse(JSON.stringify(buildVerificationDocument(baseUrl()))));
    expect(await served("voice")).toEqual(JSON.parse(JSON.stringify(buildVoiceDocument(baseUrl()))));
  });

  it("answers at the names a reader of the specs guesses too, with the same bytes", async () => {
    for (const [alias, name] of [
      ["age-verification", "verification"],
      ["voice-prompt", "voice"],
    ]) {
      const [guessed, canonical] = await Promise.all(
        [alias, name].map((file) => fetch(`${baseUrl()}/openapi/${file}.json`)),
      );
      expect(guessed.status).toBe(200);
      expect(guessed.headers.get("etag")).toBe(canonical.headers.get("etag"));
      expect(await guessed.text()).toBe(await canonical.text());
    }
  });

  it("gives each error status its own schema, and each voice path its 405s and OPTIONS", async () => {
    const verification = await (await fetch(`${baseUrl()}/openapi/verification.json`)).json();
    const retrieve = inlineComponentRefs(verification).paths["/v1/verification-sessions/{id}"].get.responses;
    // Answers every operation gives are stated once and referenced (as Stripe's document does).
    expect(verification.paths["/v1/verification-sessions/{id}"].get.responses["500"]).toEqual({
      $ref: "#/components/responses/InternalError",
    });
    expect(retrieve["404"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error404" });
    expect(verification.components.schemas.Error404.properties.error.properties.code.enum).toEqual([
      "resource_missing",
    ]);
    expect(verification.components.schemas.Error401.properties.error.properties.type.enum).toEqual([
      "authentication_error",
    ]);
    expect(verification.components.schemas.Error400.properties.error.properties.code.enum).toEqual([
      "parameter_invalid",
      "cursor_invalid",
    ]);
    expect(retrieve["500"].headers["X-RateLimit-Remaining"].required).toBe(false);
    expect(retrieve["500"].headers["X-RateLimit-Limit"].required).toBe(true);

    const voice = await (await fetch(`${baseUrl()}/openapi/voice.json`)).json();
    expect(voice.components.schemas.Error405.properties.error.properties.code.enum).toEqual(["method_not_allowed"]);
    // Paths list only the methods they serve; the 405 and OPTIONS answers are stated once.
    expect(Object.keys(voice.paths["/tts"])).toEqual(["post"]);
    expect(Object.keys(voice.paths["/voices"])).toEqual(["get"]);
    const { MethodNotAllowed, AllowedMethods } = voice.components.responses;
    expect(MethodNotAllowed.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error405" });
    expect(MethodNotAllowed.headers.Allow.schema.enum).toEqual([
      "GET, HEAD, OPTIONS",
      "POST, OPTIONS",
      "GET, HEAD, POST, OPTIONS",
      "GET, HEAD, PUT, OPTIONS",
      "GET, HEAD, PATCH, DELETE, OPTIONS",
      "GET, HEAD, PUT, DELETE, OPTIONS",
    ]);
    expect(AllowedMethods.headers.Allow.required).toBe(true);
    expect(voice.info.description).toMatch(/405 method_not_allowed with a true Allow/);
  });

  it("marks every list that pages with a pagination hint a generator follows, and has_more in its answer", async () => {
    let paged = 0;
    for (const api of ["verification", "voice"]) {
      const document = inlineComponentRefs(await (await fetch(`${baseUrl()}/openapi/${api}.json`)).json());
      for (const [path, item] of Object.entries<Record<string, any>>(document.paths)) {
        for (const [method, operation] of Object.entries<any>(item)) {
          const where = `${api} ${method.toUpperCase()} ${path}`;
          const names: string[] = (operation.parameters ?? []).map((p: { name: string }) => p.name);
          const hint = operation["x-speakeasy-pagination"];
          const okSchema = operation.responses["200"]?.content?.["application/json"]?.schema;
          const listed = okSchema?.$ref ? document.components.schemas[okSchema.$ref.split("/").pop()] : okSchema;
          // A cursor parameter or a next_cursor field means the list pages: then the hint must be there.
          const pages = names.includes("cursor") || Boolean(listed?.properties?.next_cursor);
          expect(Boolean(hint), where).toBe(pages);
          if (!hint) continue;
          paged++;
          expect(hint.type, where).toBe("cursor");
          const input = (type: string) => hint.inputs.find((i: { type: string }) => i.type === type);
          // The parameters it names are the operation's, and the fields it names are the answer's.
          expect(names, where).toContain(input("cursor").name);
          expect(names, where).toContain(input("limit").name);
          expect(input("cursor")).toMatchObject({ name: "cursor", in: "parameters" });
          expect(hint.outputs).toEqual({ nextCursor: "$.next_cursor", results: "$.data" });
          expect(JSON.stringify(listed.properties.next_cursor), where).toContain('"string"');
          expect(listed.properties.data.type, where).toBe("array");
          expect(listed.properties.has_more, where).toMatchObject({ type: "boolean" });
          expect(listed.required, where).toEqual(expect.arrayContaining(["data", "has_more"]));
        }
      }
    }
    expect(paged).toBe(1); // GET /v1/verification-sessions; the other lists answer whole.
  });

  it("links both references from /docs, each loading its document with no outside requests", async () => {
    const page = await (await fetch(`${baseUrl()}/docs`)).text();
    expect(page).toContain('href="/docs/voice"');
    expect(page).toContain('href="/docs/verification"');
    for (const api of ["voice", "verification"]) {
      const html = await (await fetch(`${baseUrl()}/docs/${api}`)).text();
      expect(html).toContain(`/openapi/${api}.json`);
      expect(html).not.toMatch(/(src|href)="https?:/);
    }
  });
});
