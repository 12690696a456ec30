// npm run db:seed: a demo organisation to explore the dashboard and studio on a fresh database.
// Safe to run again: the user and sample sessions are made once; each run prints a new test key.
import { randomBase62 } from "@/lib/platform/ids";
import { createApiKey } from "@/lib/account/keys/create-api-key";
import { db } from "@/lib/platform/db";
import { createUserInOrganization } from "@/lib/account/users/create-user";
import { completeSession } from "@/lib/verification/complete-session";
import { createSession } from "@/lib/verification/create-session";

const ORG = "Demo";
const EMAIL = "demo@example.com";

async function main() {
  const existing = await db.membership.findFirst({
    where: { user: { email: EMAIL }, org: { name: ORG } },
    select: { orgId: true },
  });
  let orgId = existing?.orgId;
  if (!orgId) {
    const password = randomBase62(20);
    const user = await createUserInOrganization({ email: EMAIL, organization: ORG, password, name: "Demo Admin" });
    orgId = user.orgId;
    console.log(`sign in at /sign-in as ${EMAIL} with password ${password} (shown once)`);
  } else {
    console.log(`${EMAIL} already exists; its password is unchanged`);
  }

  const key = await createApiKey({ orgId, mode: "test", name: "seed" });
  console.log(`test API key: ${key.key}`);

  if ((await db.verificationSession.count({ where: { orgId } })) === 0) {
    const sample = (requiredAge: 16 | 18, order: string) =>
      createSession({
        orgId: orgId!,
        mode: "test",
        required_age: requiredAge,
        methods: ["face_estimation", "id_document"],
        return_url: "https://shop.example/checkout/done",
        metadata: { order },
      });
    await sample(18, "1001");
    const passed = await sample(18, "1002");
    await completeSession({
      orgId,
      sessionId: passed.id,
      result: "pass",
      method: "face_estimation",
      confidence: "high",
      attemptsUsed: 1,
    });
    const failed = await sample(16, "1003");
    await completeSession({
      orgId,
      sessionId: failed.id,
      result: "fail",
      method: "face_estimation",
      confidence: "medium",
      attemptsUsed: 1,
    });
    console.log("created 3 sample test sessions (created, passed, failed)");
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`error: ${error.message}`);
    process.exit(1);
  },
);
