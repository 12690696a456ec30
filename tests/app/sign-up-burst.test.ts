// Issue #48 item 3: a burst of sign-up posts must not queue sign-ins behind it. Past
// SIGN_UP_POSTS_AT_ONCE sign-up posts in the app, the next ones are answered 503 before Next.js
// renders anything; the burst over, sign-up answers as before. An app instance of this file's
// own, so the burst slows no other test.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SIGN_UP_BUSY_RETRY_AFTER_SECONDS, SIGN_UP_POSTS_AT_ONCE } from "@/lib/edge/api/sign-up-admission";
import { startAppInstance } from "../support/test-stack";

let app: Awaited<ReturnType<typeof startAppInstance>>;

beforeAll(async () => {
  app = await startAppInstance({ databaseUrl: inject("databaseUrl") });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

/** The sign-up form's server-action fields, as the page renders them for a post without JavaScript. */
async function signUpFormFields(): Promise<[string, string][]> {
  const html = await (await fetch(`${app.baseUrl}/sign-up`)).text();
  return [...html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)].flatMap(([tag]) => {
    const name = /name="([^"]*)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? "";
    return name?.startsWith("$ACTION")
      ? [[name.replaceAll("&amp;", "&"), value.replaceAll("&quot;", '"')] as [string, string]]
      : [];
  });
}

async function postSignUp(fields: [string, string][], n: number) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append("name", "Burst");
  // Invalid on purpose (no "@"): the form answers with its field error, so nothing is created.
  form.append("email", `burst-${n}`);
  form.append("password", "a password long enough");
  form.append("organization", "Burst");
  const res = await fetch(`${app.baseUrl}/sign-up`, {
    method: "POST",
    body: form,
    headers: { "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
  });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    requestId: res.headers.get("request-id"),
    text: await res.text(),
  };
}

describe("a burst of sign-up posts", () => {
  it("answers the posts past the limit 503 at once, then takes sign-ups again", { timeout: 120_000 }, async () => {
    const fields = await signUpFormFields();
    expect(fields.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 6 * SIGN_UP_POSTS_AT_ONCE }, (_, n) => postSignUp(fields, n)),
    );

    const shed = answers.filter((answer) => answer.status === 503);
    const taken = answers.filter((answer) => answer.status === 200);
    expect(shed.length + taken.length).toBe(answers.length);
    expect(taken.length).toBeGreaterThanOrEqual(SIGN_UP_POSTS_AT_ONCE);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(answer.retryAfter).toBe(String(SIGN_UP_BUSY_RETRY_AFTER_SECONDS));
      expect(answer.requestId).toBeTruthy();
      expect(answer.text).toContain("Many accounts are being created right now");
    }

    // Every place was given back: posts one at a time are all taken.
    for (let n = 0; n < SIGN_UP_POSTS_AT_ONCE + 2; n++) {
      expect((await postSignUp(fields, 1000 + n)).status).toBe(200);
    }
  });
});
