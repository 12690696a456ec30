// The code /docs tells integrators to copy (#31 item 5) cannot drift from the server: the
// webhook signature check is type-checked strictly and run against a real signed delivery (and
// the worked example of the exact bytes), the shell check against the same example, and each
// quickstart's TypeScript steps, joined as the page says they join, type-check as one program.
import { execFile } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageVerificationQuickstart, voiceQuickstart } from "@/lib/edge/openapi/reference/quickstarts";
import {
  exampleSignedDelivery,
  WEBHOOK_SIGNATURE_SHELL,
  WEBHOOK_SIGNATURE_SNIPPET,
} from "@/lib/edge/openapi/reference/webhook-signature";
import { verificationExamples } from "@/lib/edge/openapi/verification-examples";
import { baseUrl } from "../support/api";
import { completeSession, createSession, newOrg, sessionBody, startReceiver, type Receiver } from "../support/fixtures";
import { typecheckStrict } from "../support/typecheck-strict";
import { createEndpoint } from "../webhooks/support/helpers";

const root = path.resolve(__dirname, "../..");
const run = promisify(execFile);
// Inside the repository, so that the snippets resolve @types/node from node_modules.
const dir = path.join(root, ".data/doc-snippets");

type Snippet = {
  verifyAgeWebhook: (rawBody: string, header: string | null, secret: string, now?: number) => unknown;
  POST: (request: Request) => Promise<Response>;
};
let snippet: Snippet;
let receiver: Receiver;

beforeAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "verify-age-webhook.ts"), WEBHOOK_SIGNATURE_SNIPPET);
  snippet = (await import(path.join(dir, "verify-age-webhook.ts"))) as Snippet;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

describe("the documented code", () => {
  it("type-checks in strict mode: the webhook check and each quickstart's TypeScript steps as one program", async () => {
    const join = (steps: { typescript: string }[]) =>
      `${steps.map((step) => step.typescript).join("\n\n")}\nexport {};\n`;
    await writeFile(
      path.join(dir, "age-quickstart.ts"),
      join(ageVerificationQuickstart("http://localhost:3000").steps),
    );
    await writeFile(path.join(dir, "voice-quickstart.ts"), join(voiceQuickstart("http://localhost:3000").steps));
    const typecheck = await typecheckStrict(
      dir,
      ["verify-age-webhook.ts", "age-quickstart.ts", "voice-quickstart.ts"],
      ["ES2022", "DOM"],
    );
    expect(typecheck).toBe("");
  }, 120_000);

  it("runs against the app: the Voice quickstart whole, the Age Verification one up to its webhook endpoint", async () => {
    const { testKey } = await newOrg("doc-quickstart");
    const join = (steps: { typescript: string }[]) => `${steps.map((step) => step.typescript).join("\n\n")}\n`;
    // Step 3 registers https://shop.example, which this machine cannot resolve: the webhook half
    // is run by the delivery test below instead.
    await writeFile(path.join(dir, "age-run.ts"), join(ageVerificationQuickstart(baseUrl()).steps.slice(0, 2)));
    await writeFile(path.join(dir, "voice-run.ts"), join(voiceQuickstart(baseUrl()).steps));
    const runProgram = (file: string) =>
      run(path.join(root, "node_modules/.bin/tsx"), [file], {
        cwd: dir,
        env: { ...process.env, VOICEAGE_KEY: testKey },
        timeout: 120_000,
      });

    const age = await runProgram("age-run.ts");
    expect(age.stdout).toMatch(new RegExp(`^vs_[A-Za-z0-9]+ ${baseUrl()}/verify/`));
    expect(age.stdout).toContain("old enough: let the order through");

    const voice = await runProgram("voice-run.ts");
    expect(voice.stdout).toMatch(/^fliteRms /m);
    const prompt = await readFile(path.join(dir, "welcome.ulaw"));
    expect(prompt.length).toBeGreaterThan(8000); // over a second of 8 kHz μ-law
    const zip = await readFile(path.join(dir, "menu.zip"));
    expect(zip.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
    expect(zip.includes("en/custom/main-menu.ulaw")).toBe(true);
  }, 180_000);

  it("accepts a real signed delivery, and refuses it altered, re-serialised or under another secret", async () => {
    const { testKey } = await newOrg("doc-snippet");
    const hookPath = `/doc-snippet-${process.pid}`;
    const endpoint = await createEndpoint(testKey, receiver.url(hookPath));
    receiver.route(hookPath, { secret: endpoint.secret });
    const session = await createSession(baseUrl(), testKey, { ...sessionBody, metadata: { order: "ünïcode ✓" } });
    await completeSession(baseUrl(), testKey, session.id, { result: "pass" });
    await vi.waitFor(() => expect(receiver.deliveries(hookPath), receiver.summary()).not.toHaveLength(0), {
      timeout: 30_000,
    });
    const [delivery] = receiver.deliveries(hookPath);
    const header = String(delivery.headers["service-signature"]);

    expect(snippet.verifyAgeWebhook(delivery.rawBody, header, endpoint.secret)).toEqual(delivery.body);
    expect(() => snippet.verifyAgeWebhook(delivery.rawBody.replace("pass", "fail"), header, endpoint.secret)).toThrow(
      /does not match/,
    );
    const reserialised = JSON.stringify(JSON.parse(delivery.rawBody), null, 1);
    expect(() => snippet.verifyAgeWebhook(reserialised, header, endpoint.secret)).toThrow(/does not match/);
    expect(() => snippet.verifyAgeWebhook(delivery.rawBody, header, `${endpoint.secret}x`)).toThrow(/does not match/);
    expect(() => snippet.verifyAgeWebhook(delivery.rawBody, null, endpoint.secret)).toThrow(/missing or malformed/);
    const t = Number(/^t=(\d+)/.exec(header)![1]);
    expect(() => snippet.verifyAgeWebhook(delivery.rawBody, header, endpoint.secret, (t + 301) * 1000)).toThrow(
      /too old/,
    );

    // The route handler as documented, given the delivery as it arrived.
    const deliver = (body: string) =>
      snippet.POST(
        new Request("https://shop.example/webhooks/age", {
          method: "POST",
          headers: { "content-type": "application/json", "service-signature": header },
          body,
        }),
      );
    process.env.AGE_WEBHOOK_SECRET = endpoint.secret;
    try {
      const accepted = await deliver(delivery.rawBody);
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({ received: delivery.body.id });
      expect((await deliver(delivery.rawBody.replace(session.id, "vs_someoneElse"))).status).toBe(400);
    } finally {
      delete process.env.AGE_WEBHOOK_SECRET;
    }
  });

  it("agrees with the worked example of the exact bytes, in TypeScript and in the shell", async () => {
    const example = exampleSignedDelivery();
    expect(example.signedBytes).toBe(`${example.timestamp}.${example.rawBody}`);
    expect(snippet.verifyAgeWebhook(example.rawBody, example.header, example.secret, example.timestamp * 1000)).toEqual(
      verificationExamples.webhookEvent,
    );
    const { stdout } = await run("sh", ["-c", WEBHOOK_SIGNATURE_SHELL], {
      env: { ...process.env, T: String(example.timestamp), RAW_BODY: example.rawBody, WHSEC: example.secret },
    });
    expect(`t=${example.timestamp},v1=${stdout.trim()}`).toBe(example.header);
  });
});
