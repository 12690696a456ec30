import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The type-aware rules and the raw-SQL fence of eslint.config.mjs, each shown to refuse what it is
// for and let through what it is not for. The type-aware rules need a program, so their fixtures
// are real files (written before ESLint starts, removed after); the fence's are text at paths
// where no file is.
const root = path.resolve(import.meta.dirname, "../..");
const tag = randomBytes(4).toString("hex");
const typedFixtures = {
  promises: `lib/voice/typed-probe-promises-${tag}.ts`,
  assertion: `lib/voice/typed-probe-assertion-${tag}.ts`,
};
let eslint: ESLint;

beforeAll(() => {
  writeFileSync(
    path.join(root, typedFixtures.promises),
    [
      "async function work(): Promise<void> {}",
      "export function fixture(list: number[]) {",
      "  work();",
      "  list.forEach(async () => {});",
      "  void work();",
      "}",
      "",
    ].join("\n"),
  );
  writeFileSync(
    path.join(root, typedFixtures.assertion),
    "type Point = { x: number; y: number };\nexport const a = { x: 1 } as Point;\nexport const b = [1] as const;\n",
  );
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  for (const file of Object.values(typedFixtures)) rmSync(path.join(root, file), { force: true });
});

const ruleIds = (result: ESLint.LintResult) => result.messages.map((m) => m.ruleId);

async function rules(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return ruleIds(result);
}

// No import: import/no-cycle cannot follow one from text that is not on disk.
const rawSql =
  "export const fixture = (db: { $queryRaw(sql: TemplateStringsArray): Promise<unknown> }) => db.$queryRaw`SELECT 1`;\n";

describe("the typed database boundary and the type-aware rules", () => {
  it("refuse raw SQL in a domain file, and allow it in lib/platform/db", async () => {
    expect(await rules("lib/voice/fixture-raw-sql.ts", rawSql)).toEqual(["no-restricted-syntax"]);
    expect(await rules("lib/platform/db/fixture-raw-sql.ts", rawSql)).toEqual([]);
  });

  it("still refuse process.env where the raw-SQL rule applies", async () => {
    expect(await rules("lib/voice/fixture-env.ts", "export const fixture = process.env.APP_URL;\n")).toEqual([
      "no-restricted-syntax",
    ]);
  });

  it("refuse a dropped promise and a promise where a void callback is expected, not `void`", async () => {
    const [result] = await eslint.lintFiles([path.join(root, typedFixtures.promises)]);
    expect(ruleIds(result)).toEqual([
      "@typescript-eslint/no-floating-promises",
      "@typescript-eslint/no-misused-promises",
    ]);
  });

  it("refuse `as` on an object literal, not `as const`", async () => {
    const [result] = await eslint.lintFiles([path.join(root, typedFixtures.assertion)]);
    expect(ruleIds(result)).toEqual(["@typescript-eslint/consistent-type-assertions"]);
  });
});
