import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/platform/db";
import { startSmtpReceiver, type SmtpReceiver } from "@/tests/support/smtp-receiver";

const address = () => `mail-${randomBytes(5).toString("hex")}@example.com`;

// env() is read once per module graph: each case loads sendMail afresh under its own SMTP_URL.
async function sendMailWith(variables: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return (await import("@/lib/platform/mail/send-mail")).sendMail;
}

describe("sendMail through SMTP_URL", () => {
  let relay: SmtpReceiver;
  beforeAll(async () => {
    relay = await startSmtpReceiver({ refuse: (to) => to.startsWith("refused-") });
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await relay.stop();
  });

  it("delivers text and html from MAIL_FROM, authenticated, and keeps nothing in the outbox", async () => {
    const sendMail = await sendMailWith({ SMTP_URL: relay.url, MAIL_FROM: "Acme <no-reply@acme.test>" });
    const to = address();
    await sendMail({ to, subject: "Reset your password", text: "Open https://x.test/r/1", html: "<p>Open</p>" });
    const mail = relay.received.find((m) => m.subject === "Reset your password" && m.text?.includes("r/1"));
    expect(mail?.from?.value).toEqual([{ address: "no-reply@acme.test", name: "Acme" }]);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0].address : null).toBe(to);
    expect(mail?.text?.trim()).toBe("Open https://x.test/r/1");
    expect(mail?.html).toContain("<p>Open</p>");
    expect(await db.outboxMessage.count({ where: { to } })).toBe(0);
    expect(await db.mailLog.findFirst({ where: { to } })).toMatchObject({ status: "sent", errorCode: null });
  });

  it("throws when the relay refuses the recipient, so the caller knows it was not sent", async () => {
    const sendMail = await sendMailWith({ SMTP_URL: relay.url });
    const before = relay.received.length;
    const to = `refused-${address()}`;
    await expect(sendMail({ to, subject: "s", text: "t" })).rejects.toThrow(/550|Mailbox/);
    expect(relay.received.length).toBe(before);
    // Logged for the Mail page as failed, with the error's code and the relay's reply code only.
    expect(await db.mailLog.findFirst({ where: { to } })).toMatchObject({
      status: "failed",
      errorCode: "EENVELOPE 550",
    });
  });

  it("logs a refusal as its class, code and reply code only: no stack, no reply text, no address", async () => {
    const sendMail = await sendMailWith({ SMTP_URL: relay.url });
    const { mailErrorField } = await import("@/lib/platform/mail/send-mail");
    const to = `refused-${address()}`;
    const error = await sendMail({ to, subject: "s", text: "t" }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(mailErrorField(error)).toEqual({ type: "Error", code: "EENVELOPE", responseCode: 550 });
    expect(JSON.stringify(mailErrorField(error))).not.toContain(to);
    expect(mailErrorField("no")).toEqual({ type: "string" });
  });

  it("throws when the relay refuses the credentials", async () => {
    const sendMail = await sendMailWith({ SMTP_URL: relay.url.replace("relay-password", "wrong") });
    await expect(sendMail({ to: address(), subject: "s", text: "t" })).rejects.toThrow(/Invalid username|auth/i);
  });
});

describe("sendMail with no SMTP_URL", () => {
  it("keeps the message in the development outbox", async () => {
    const sendMail = await sendMailWith({ SMTP_URL: undefined });
    const to = address();
    await sendMail({ to, subject: "Hello", text: "Plain", html: "<b>Rich</b>" });
    const rows = await db.outboxMessage.findMany({ where: { to } });
    expect(rows).toEqual([
      expect.objectContaining({
        to,
        subject: "Hello",
        text: "Plain",
        html: "<b>Rich</b>",
        id: expect.stringMatching(/^msg_/),
      }),
    ]);
  });
});
