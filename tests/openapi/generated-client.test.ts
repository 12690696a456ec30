// A generated client compiles and runs (#31): openapi-typescript at its default settings makes
// types from both served documents, tsc (strict) type-checks generated-client/client.ts against
// them, and the program calls every operation through openapi-fetch against the test app. Every
// answer it gets is checked against the documents. A document change that breaks a generated
// client, or an answer that breaks the document, fails here.
import { execFile } from "node:child_process";
import { cp, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";
import { assertMatchesContract, type DocumentName } from "../support/contract";
import { newOrg } from "../support/fixtures";
import { typecheckStrict } from "../support/typecheck-strict";

const root = path.resolve(__dirname, "../..");
const run = promisify(execFile);
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

describe("a client generated from the documents", () => {
  it("type-checks in strict mode and calls every operation, each answer matching the documents", async () => {
    // Inside the repository so that the program resolves openapi-fetch from node_modules.
    const dir = path.join(root, ".data/generated-client");
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    for (const [served, name] of [
      ["verification", "verification"],
      ["voice", "voice"],
    ]) {
      const document = await (await fetch(`${baseUrl()}/openapi/${served}.json`)).text();
      await writeFile(path.join(dir, `${name}.json`), document);
      // In its own directory: run from the repository root it would read redocly.yaml's APIs instead.
      await run(bin("openapi-typescript"), [`${name}.json`, "-o", `${name}.ts`], { cwd: dir });
    }
    await cp(path.join(__dirname, "generated-client/client.ts"), path.join(dir, "client.ts"));
    expect(await typecheckStrict(dir, ["client.ts", "verification.ts", "voice.ts"])).toBe("");

    const { testKey } = await newOrg("generated-client");
    const { stdout } = await run(bin("tsx"), [path.join(dir, "client.ts")], {
      cwd: dir,
      env: { ...process.env, BASE_URL: baseUrl(), API_KEY: testKey },
      maxBuffer: 16 * 1024 * 1024,
    });
    const { answers, paged } = JSON.parse(stdout) as {
      answers: {
        api: DocumentName;
        method: string;
        path: string;
        status: number;
        headers: [string, string][];
        body: unknown;
      }[];
      paged: { pages: number; ids: string[]; created: string[] };
    };
    // Paged one at a time by the document's hint: each of the three sessions once, and no more pages.
    expect(paged.pages).toBe(3);
    expect([...paged.ids].sort()).toEqual([...paged.created].sort());
    for (const answer of answers) {
      expect(answer.status, `${answer.method} ${answer.path}`).toBeLessThan(300);
      assertMatchesContract(
        answer.api,
        answer.method,
        answer.path,
        answer.status,
        new Headers(answer.headers),
        answer.body === "(bytes)" ? "(audio)" : answer.body,
      );
    }
    const operations = new Set(
      answers.map((a) => `${a.api} ${a.method} ${a.path.replace(/\/(vs|whe|ps)_[A-Za-z0-9]+/, "/{id}")}`),
    );
    // 8 operations of the verification API, 18 of the voice API (GET /files and its deprecated older form).
    expect(answers.filter((a) => a.api === "verification").length).toBeGreaterThanOrEqual(9);
    expect(operations.size).toBeGreaterThanOrEqual(25);
  }, 300_000);
});
