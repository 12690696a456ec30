import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The repository's own ESLint configuration, run on fixture text at paths where no file is, so
// each fence is shown to refuse what it is for (and to let through what it is not for).
const root = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // import/no-cycle precomputes its strongly connected components from files on disk, and a
    // fixture linted by text is not on disk; the same rule without that shortcut checks the same.
    overrideConfig: {
      files: ["**/*.{ts,tsx,mjs}"],
      rules: { "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }] },
    },
  });
});

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe("the layer fences", () => {
  // Each: what the fixture is, where it is linted, its text, and the start of the refusal.
  it.each([
    [
      "an upward import: platform importing account",
      "lib/platform/fixture-upward.ts",
      'import { createUser } from "@/lib/account/users/create-user";',
      "platform must not import account",
    ],
    [
      "a cross-product import: voice importing verification",
      "lib/voice/fixture-cross.ts",
      'import { createSession } from "@/lib/verification/create-session";',
      "voice must not import verification",
    ],
    [
      "lib/ importing the background edge (inngest/)",
      "lib/edge/fixture-inngest.ts",
      'import { inngest } from "@/inngest/client";',
      "edge must not import background",
    ],
    [
      "an .mjs worker importing the app's modules",
      "lib/verification/methods/face/fixture-worker.mjs",
      'import { logger } from "../../../platform/log.ts";',
      "worker must not import platform",
    ],
    [
      "the proxy importing a layer it does not name (components)",
      "proxy.ts",
      'import { Card } from "@/components/ui/card";',
      "root must not import components",
    ],
  ])("refuse %s", async (_what, filePath, importLine, refusal) => {
    const imported = importLine.match(/\{ (\w+) \}/)![1];
    const found = await problems(filePath, `${importLine}\nexport const fixture = ${imported};\n`);
    expect(found).toEqual([
      expect.objectContaining({ rule: "boundaries/dependencies", message: expect.stringMatching(`^${refusal}`) }),
    ]);
  });

  it("refuse a cycle between two folders of the domain, though no file is in a cycle", async () => {
    // hosted-flow already imports methods (flow-steps.ts -> methods/types.ts); the fixture is a
    // methods file that imports hosted-flow, whose files import nothing of the fixture.
    const found = await problems(
      "lib/verification/methods/fixture-folder-cycle.ts",
      'import { startVerification } from "@/lib/verification/hosted-flow/start-verification";\nexport const fixture = startVerification;\n',
    );
    expect(found).toEqual([
      expect.objectContaining({
        rule: "layers/no-folder-cycle",
        message: expect.stringContaining(
          "lib/verification/methods must not import lib/verification/hosted-flow: lib/verification/hosted-flow already reaches lib/verification/methods",
        ),
      }),
    ]);
  });

  it("refuse a cycle through a layer's top-level files, which count as a folder of it", async () => {
    // create-tts.ts (top level) imports providers/; a provider importing it back closes a cycle.
    const found = await problems(
      "lib/voice/providers/fixture-top-level-cycle.ts",
      'import { createTts } from "@/lib/voice/create-tts";\nexport const fixture = createTts;\n',
    );
    expect(found).toEqual([
      expect.objectContaining({
        rule: "layers/no-folder-cycle",
        message: expect.stringContaining(
          "lib/voice/providers must not import lib/voice/(top level): lib/voice/(top level) already reaches lib/voice/providers",
        ),
      }),
    ]);
  });

  it("refuse app/ reading a cookie itself", async () => {
    const found = await problems(
      "app/verify/fixture/page.tsx",
      'import { cookies } from "next/headers";\n\nexport default async function Fixture() {\n  return (await cookies()).get("binding")?.value;\n}\n',
    );
    expect(found).toEqual([
      expect.objectContaining({
        rule: "no-restricted-imports",
        message: expect.stringContaining("'cookies' import from 'next/headers' is restricted"),
      }),
    ]);
  });

  it("refuse app/ reading the request's cookies itself (req.cookies, request.cookies)", async () => {
    for (const name of ["req", "request"]) {
      const found = await problems(
        "app/verify/fixture/route.ts",
        `import type { NextRequest } from "next/server";\n\nexport function GET(${name}: NextRequest) {\n  return new Response(${name}.cookies.get("binding")?.value);\n}\n`,
      );
      expect(found).toEqual([
        expect.objectContaining({
          rule: "no-restricted-syntax",
          message: expect.stringContaining("app/ does not read the caller itself"),
        }),
      ]);
    }
    // Setting a cookie on the response is not reading the caller.
    const setting = await problems(
      "app/verify/fixture/route.ts",
      'import { NextResponse } from "next/server";\n\nexport function GET() {\n  const response = new NextResponse(null);\n  response.cookies.set("binding", "x");\n  return response;\n}\n',
    );
    expect(setting).toEqual([]);
  });

  it("refuse app/ calling getCurrentUser or loadBoundSession directly", async () => {
    const found = await problems(
      "app/dashboard/fixture/page.tsx",
      [
        'import { getCurrentUser } from "@/lib/edge/auth/current-user";',
        'import { loadBoundSession } from "@/lib/verification/hosted-flow/load-bound-session";',
        "",
        "export default async function Fixture() {",
        '  return [await getCurrentUser(), await loadBoundSession("s", undefined)].length;',
        "}",
        "",
      ].join("\n"),
    );
    expect(found.map((p) => p.rule)).toEqual(["no-restricted-imports", "no-restricted-imports"]);
    expect(found[0].message).toContain("'getCurrentUser' import from '@/lib/edge/auth/current-user' is restricted");
    expect(found[1].message).toContain(
      "'loadBoundSession' import from '@/lib/verification/hosted-flow/load-bound-session'",
    );
  });

  it("let a page read the user for its header only in a layout", async () => {
    const code =
      'import { userForLayout } from "@/lib/edge/auth/current-user";\n\nexport default async function Fixture() {\n  return (await userForLayout())?.email;\n}\n';
    expect(await problems("app/dashboard/fixture/layout.tsx", code)).toEqual([]);
    expect((await problems("app/dashboard/fixture/page.tsx", code)).map((p) => p.rule)).toEqual([
      "no-restricted-imports",
    ]);
  });

  it("let a product import account and platform, and a folder import a folder that does not reach it", async () => {
    const found = await problems(
      "lib/verification/hosted-flow/fixture-allowed.ts",
      [
        'import type { KeyMode } from "@/lib/account/keys/key-mode";',
        'import { logger } from "@/lib/platform/log";',
        'import type { VerificationMethod } from "@/lib/verification/methods/types";',
        "",
        "export const fixture = (mode: KeyMode, method: VerificationMethod) => logger().info({ mode, method });",
        "",
      ].join("\n"),
    );
    expect(found).toEqual([]);
  });
});
