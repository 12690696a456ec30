// Names from the URL that are also Object.prototype's own properties (#29): a lookup table
// indexed by them answered 500 (and a stack trace in the log) before the tables became Maps.
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";

const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

describe("static lookups by a name from the URL", () => {
  it.each(PROTOTYPE_NAMES)("/docs/assets/%s and /docs/%s are 404", async (name) => {
    for (const path of [`/docs/assets/${name}`, `/docs/${name}`]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it("still serve what they hold", async () => {
    expect((await fetch(`${baseUrl()}/docs/assets/swagger-ui.css`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/docs/voice`)).status).toBe(200);
  });
});
