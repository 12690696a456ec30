// The Mail page's read model: an organisation's admins see mail sent for it and to its members,
// never another organisation's, and never a body or link (issue 48: a failed reset mail was
// invisible to everyone).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { listOrganizationMail } from "@/lib/platform/mail/list-mail-log";
import { sendMail } from "@/lib/platform/mail/send-mail";
import { newOrganization } from "../../../tests/support/fixtures";

const unique = () => randomBytes(5).toString("hex");

describe("listOrganizationMail", () => {
  it("lists the organisation's and its members' mail, newest first, without bodies, and no other organisation's", async () => {
    const [a, b] = [await newOrganization("mail-a"), await newOrganization("mail-b")];
    const member = await db.user.create({ data: { id: newId("usr"), email: `member-${unique()}@example.com` } });
    await db.membership.create({ data: { userId: member.id, orgId: a.id, role: "developer" } });
    await sendMail({
      to: `invitee-${unique()}@example.com`,
      orgId: a.id,
      subject: "A's invitation",
      text: "secret link",
    });
    await sendMail({ to: member.email, userId: member.id, subject: "Member's reset", text: "secret link" });
    await sendMail({
      to: `other-${unique()}@example.com`,
      orgId: b.id,
      subject: "B's invitation",
      text: "secret link",
    });

    const mail = await listOrganizationMail(a.id);
    expect(mail.map((m) => m.subject)).toEqual(["Member's reset", "A's invitation"]);
    expect(mail[0]).toEqual({
      id: expect.any(String),
      to: member.email,
      subject: "Member's reset",
      status: "sent",
      errorCode: null,
      createdAt: expect.any(Date),
    });
    expect(JSON.stringify(mail)).not.toContain("secret link");
    expect((await listOrganizationMail(b.id)).map((m) => m.subject)).toEqual(["B's invitation"]);
  });

  it("keeps only the last 100", async () => {
    const org = await newOrganization("mail-many");
    await db.mailLog.createMany({
      data: Array.from({ length: 105 }, (_, i) => ({
        id: newId("mlg"),
        orgId: org.id,
        to: `x${i}@example.com`,
        subject: `n${i}`,
        status: "sent",
        createdAt: new Date(Date.now() - (105 - i) * 1000),
      })),
    });
    const mail = await listOrganizationMail(org.id);
    expect(mail).toHaveLength(100);
    expect(mail[0].subject).toBe("n104");
  });
});
