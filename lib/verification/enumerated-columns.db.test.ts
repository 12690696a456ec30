import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { createSession } from "@/lib/verification/create-session";
import { newOrganization } from "../../tests/support/fixtures";

// The CHECK constraints of migration check_enumerated_columns: a value outside what the code
// writes is refused by the database itself, so a row read back is always in range.
async function newSession() {
  const org = await newOrganization("enumerated-columns");
  return createSession({
    orgId: org.id,
    mode: "test",
    required_age: 16,
    methods: ["face_estimation", "id_document"],
    return_url: "https://merchant.example/done",
    metadata: {},
  });
}

describe("enumerated columns", () => {
  it("refuse a requiredAge other than 16 or 18", async () => {
    const session = await newSession();
    await expect(
      db.verificationSession.update({ where: { id: session.id }, data: { requiredAge: 17 } }),
    ).rejects.toThrow(/VerificationSession_requiredAge_check/);
    await expect(
      db.verificationSession.update({ where: { id: session.id }, data: { requiredAge: 18 } }),
    ).resolves.toMatchObject({ requiredAge: 18 });
  });

  it("refuse a method the service does not know", async () => {
    const session = await newSession();
    await expect(
      db.verificationSession.update({
        where: { id: session.id },
        data: { methods: ["face_estimation", "fingerprint"] },
      }),
    ).rejects.toThrow(/VerificationSession_methods_check/);
    await expect(
      db.verificationSession.update({ where: { id: session.id }, data: { methods: ["credit_card"] } }),
    ).resolves.toMatchObject({ methods: ["credit_card"] });
  });

  it("refuse an outcome outside the API's values", async () => {
    const session = await newSession();
    await expect(
      db.verificationSession.update({ where: { id: session.id }, data: { outcomeResult: "maybe" } }),
    ).rejects.toThrow(/VerificationSession_outcomeResult_check/);
    await expect(
      db.verificationSession.update({ where: { id: session.id }, data: { outcomeConfidence: "certain" } }),
    ).rejects.toThrow(/VerificationSession_outcomeConfidence_check/);
    await expect(
      db.verificationSession.update({ where: { id: session.id }, data: { outcomeMethod: "palm_reading" } }),
    ).rejects.toThrow(/VerificationSession_outcomeMethod_check/);
  });

  it("refuse a mail status other than sent or failed", async () => {
    const row = { to: "someone@example.com", subject: "Hello" };
    await expect(db.mailLog.create({ data: { id: newId("mail"), ...row, status: "queued" } })).rejects.toThrow(
      /MailLog_status_check/,
    );
    await expect(db.mailLog.create({ data: { id: newId("mail"), ...row, status: "failed" } })).resolves.toMatchObject({
      status: "failed",
    });
  });
});
