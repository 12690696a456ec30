// A live session opened and started in the hosted flow, as a user's browser would have it, for
// tests that drive the flow's domain functions directly. Imports the domain lazily, so a test file
// can set the environment (provider URLs) before anything reads it.
import { expect } from "vitest";
import { v1 } from "./api";
import { newOrganization } from "./fixtures";

export type LiveMethod = "face_estimation" | "id_document" | "credit_card";

export async function startLiveSession(methods: LiveMethod[], requiredAge: 16 | 18 = 18) {
  const { createSession } = await import("@/lib/verification/create-session");
  const { openHostedLink } = await import("@/lib/verification/hosted-flow/open-hosted-link");
  const { startVerification } = await import("@/lib/verification/hosted-flow/start-verification");
  const { loadBoundSession } = await import("@/lib/verification/hosted-flow/load-bound-session");
  const org = await newOrganization("live");
  const created = await createSession({
    orgId: org.id,
    mode: "live",
    required_age: requiredAge,
    methods,
    return_url: "https://shop.example/done",
    metadata: {},
  });
  const opened = await openHostedLink({ token: created.url.split("/verify/")[1], bindingSecretFor: () => undefined });
  if (opened.kind !== "bound" || !opened.newSecret) throw new Error("not bound");
  expect(await startVerification({ sessionId: created.id, orgId: org.id })).toBe("started");
  const secret = opened.newSecret;
  return { id: created.id, orgId: org.id, load: async () => (await loadBoundSession(created.id, secret))! };
}

/** What the evidence route hands over: a File-like upload of these bytes. */
export const upload = (bytes: Uint8Array) => ({ size: bytes.length, arrayBuffer: async () => bytes.slice().buffer });

export type OpenedSession = { id: string; cookie: string };

/** Over HTTP (the http project): a session opened by its hosted link in a "browser" (the binding cookie), and started. */
export async function openHostedSession(
  key: string,
  orgId: string,
  methods: string[] = ["face_estimation"],
): Promise<OpenedSession> {
  const created = await v1("POST", "/v1/verification-sessions", {
    key,
    body: { required_age: 18, methods, return_url: "https://shop.example/done" },
  });
  expect(created.status).toBe(201);
  const opened = await fetch(created.body.url, { redirect: "manual" });
  const cookie = opened.headers.get("set-cookie")?.split(";")[0];
  expect(opened.status).toBe(303);
  expect(cookie).toMatch(/^vsb_/);
  // Starting is a server action on the page; the domain function is what it calls.
  const { startVerification } = await import("@/lib/verification/hosted-flow/start-verification");
  expect(await startVerification({ sessionId: created.body.id, orgId })).toBe("started");
  return { id: created.body.id, cookie: cookie! };
}
