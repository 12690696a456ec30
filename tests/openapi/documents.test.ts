import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";

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
});
