import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const root = path.resolve(__dirname, "../..");

/**
 * Type-checks `files` in `dir` as an integrator's own program would be: strict, indexed access
 * possibly undefined, Node and the DOM's fetch types. Resolves to tsc's output, "" when clean.
 */
export async function typecheckStrict(dir: string, files: string[], lib = ["ES2022", "DOM", "DOM.Iterable"]) {
  await writeFile(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        lib,
        types: ["node"],
        skipLibCheck: true,
        noUncheckedIndexedAccess: true,
      },
      files,
    }),
  );
  const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsc"), [
    "-p",
    path.join(dir, "tsconfig.json"),
  ]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "tsc failed" }));
  return stdout;
}
