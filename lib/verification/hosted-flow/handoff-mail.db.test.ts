// "Send me the link" (issue 50): the hand-off link by mail, fixed text, rate limited per session
// and per client address, never a relay for anything the user types.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createSession } from "@/lib/verification/create-session";
import {
  HANDOFF_MAILS_PER_ADDRESS_PER_MINUTE,
  HANDOFF_MAILS_PER_SESSION,
  mailHandoffLink,
} from "@/lib/verification/hosted-flow/handoff-mail";
import { loadBoundSession } from "@/lib/verification/hosted-flow/load-bound-session";
import { openHostedLink } from "@/lib/verification/hosted-flow/open-hosted-link";
import { acceptPhoneHandoff } from "@/lib/verification/hosted-flow/phone-handoff";
import { newOrganization } from "../../../tests/support/fixtures";

async function openedSession() {
  const org = await newOrganization("handoff-mail");
  await db.organization.update({ where: { id: org.id }, data: { displayName: "Evil <b>Corp</b> http://x.example" } });
  const created = await createSession({
    orgId: org.id,
    mode: "test",
    required_age: 18,
    methods: ["face_estimation"],
    return_url: "https://shop.example/x",
    metadata: {},
  });
  const opened = await openHostedLink({ token: created.url.split("/verify/")[1], bindingSecretFor: () => undefined });
  if (opened.kind !== "bound" || !opened.newSecret) throw new Error("not bound");
  const secret = opened.newSecret;
  return { id: created.id, load: async () => (await loadBoundSession(created.id, secret))! };
}

const mailsTo = (to: string) => db.outboxMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${Math.random()}`;

describe("sending the hand-off link by mail", () => {
  it("mails a working single-use link in fixed text, with nothing of the organisation in it", async () => {
    const s = await openedSession();
    const to = `phone-${s.id}@example.com`;
    const sent = await mailHandoffLink(await s.load(), `  ${to} `, address());
    if (sent.kind !== "sent") throw new Error(sent.kind);
    const [mail] = await mailsTo(to);
    expect(mail.subject).toBe("Your link to continue your age check");
    expect(mail.text).toContain(sent.url);
    expect(mail.text).not.toMatch(/Evil|Corp|x\.example|shop\.example/);
    expect(mail.html).toBeNull();
    expect((await acceptPhoneHandoff(sent.url.split("/verify/handoff/")[1])).kind).toBe("moved");
  });

  it("refuses what is not one email address, sending nothing", async () => {
    const s = await openedSession();
    for (const bad of ["", "not-an-email", "a@b.example\r\nBcc: c@d.example", "a@b.example, c@d.example", 42, null])
      expect(await mailHandoffLink(await s.load(), bad, address())).toEqual({ kind: "invalid_email" });
    expect(await db.outboxMessage.count({ where: { to: { contains: "d.example" } } })).toBe(0);
  });

  it("sends a few per session and a few a minute per address, then refuses", async () => {
    const s = await openedSession();
    const to = `limit-${s.id}@example.com`;
    for (let i = 0; i < HANDOFF_MAILS_PER_SESSION; i++)
      expect((await mailHandoffLink(await s.load(), to, address())).kind).toBe("sent");
    expect(await mailHandoffLink(await s.load(), to, address())).toEqual({ kind: "limited" });
    expect(await mailsTo(to)).toHaveLength(HANDOFF_MAILS_PER_SESSION);

    // One instant for all, so that a minute boundary cannot open a new window mid-loop.
    const from = address();
    const now = new Date();
    const results = [];
    for (let i = 0; i <= HANDOFF_MAILS_PER_ADDRESS_PER_MINUTE; i++) {
      const other = await openedSession();
      results.push((await mailHandoffLink(await other.load(), `addr-${other.id}@example.com`, from, now)).kind);
    }
    expect(results.filter((kind) => kind === "sent")).toHaveLength(HANDOFF_MAILS_PER_ADDRESS_PER_MINUTE);
    expect(results.at(-1)).toBe("limited");
  });
});
