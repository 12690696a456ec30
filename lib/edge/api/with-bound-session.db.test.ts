// The hosted flow's one binding check against the real database: the handler runs only for the
// session this browser holds the binding cookie of, and (for the page's POSTs) from this app's
// Origin; every other request gets the route's own refusal.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { withBoundSession, type BindingRefusal } from "@/lib/edge/api/with-bound-session";
import { bindingCookieName, hashBindingSecret, newBindingSecret } from "@/lib/verification/hosted-flow/binding";
import { insertSession, newOrganization } from "../../../tests/support/fixtures";

async function boundSession() {
  const org = await newOrganization();
  const session = await insertSession(org.id);
  const secret = newBindingSecret();
  await db.verificationSession.update({
    where: { id: session.id },
    data: { browserBindingHash: hashBindingSecret(secret) },
  });
  return { id: session.id, cookie: `${bindingCookieName(session.id)}=${secret}` };
}

// The routes' own refusal (refuseBinding) says the reason in the page's language, which needs a
// request's locale; here the reason itself is the body, so the test reads which refusal it was.
const refuseJson = (reason: BindingRefusal) =>
  Response.json({ error: reason }, { status: 403, headers: { "Cache-Control": "no-store" } });

function route(sameOrigin: boolean, seen: string[]) {
  return withBoundSession(
    { sameOrigin, refuse: sameOrigin ? refuseJson : (reason) => new Response(reason, { status: 303 }) },
    async ({ session }) => {
      seen.push(session.id);
      return Response.json({ session: session.id });
    },
  );
}

const call = (handler: ReturnType<typeof route>, sessionId: string, headers: Record<string, string>) =>
  handler(new NextRequest(`${env().APP_URL}/verify/session/${sessionId}/x`, { method: "POST", headers }), {
    params: Promise.resolve({ sessionId }),
  });

describe("withBoundSession", () => {
  it("lets in this browser's session from the app's own origin", async () => {
    const session = await boundSession();
    const seen: string[] = [];
    const res = await call(route(true, seen), session.id, { cookie: session.cookie, origin: env().APP_URL });
    expect(res.status).toBe(200);
    expect(seen).toEqual([session.id]);
  });

  it.each([
    ["another origin", { origin: "https://evil.example" }],
    ["no origin", {}],
    ["an opaque origin", { origin: "null" }],
  ])("refuses %s with 403 before looking at the session (CSRF)", async (_label, headers) => {
    const session = await boundSession();
    const seen: string[] = [];
    const res = await call(route(true, seen), session.id, { cookie: session.cookie, ...headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "cross_origin" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(seen).toEqual([]);
  });

  it("refuses a browser without the binding cookie, with another session's, or a made-up session", async () => {
    const mine = await boundSession();
    const other = await boundSession();
    const seen: string[] = [];
    const handler = route(true, seen);
    const origin = env().APP_URL;
    const refusals = [
      await call(handler, mine.id, { origin }),
      // Another session's valid cookie, presented under this session's cookie name.
      await call(handler, mine.id, { origin, cookie: `${bindingCookieName(mine.id)}=${other.cookie.split("=")[1]}` }),
      await call(handler, "vs_doesnotexist000000000000", { origin, cookie: mine.cookie }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "unbound" });
    }
    expect(seen).toEqual([]);
  });

  it("without the origin check (a top-level return from a provider) still needs the binding cookie", async () => {
    const session = await boundSession();
    const seen: string[] = [];
    const handler = route(false, seen);
    expect((await call(handler, session.id, { cookie: session.cookie })).status).toBe(200);
    const refused = await call(handler, session.id, {});
    expect(refused.status).toBe(303);
    expect(await refused.text()).toBe("unbound");
    expect(seen).toEqual([session.id]);
  });
});
