// npm start's memory settings: added to the server's environment, never over an operator's own.
import { describe, expect, it } from "vitest";
import { SERVER_HEAP_FLAGS, withServerMemoryLimits } from "./server-memory";

describe("withServerMemoryLimits", () => {
  it("adds the heap flags and the malloc arena limit to an environment without them", () => {
    const env = withServerMemoryLimits({ PATH: "/bin" });
    expect(env.NODE_OPTIONS).toBe(SERVER_HEAP_FLAGS.join(" "));
    expect(env.MALLOC_ARENA_MAX).toBe("2");
    expect(env.PATH).toBe("/bin");
  });

  it("keeps the operator's NODE_OPTIONS, and their own heap size over ours", () => {
    expect(withServerMemoryLimits({ NODE_OPTIONS: "--enable-source-maps" }).NODE_OPTIONS).toBe(
      `--enable-source-maps ${SERVER_HEAP_FLAGS.join(" ")}`,
    );
    const env = withServerMemoryLimits({ NODE_OPTIONS: "--enable-source-maps --max-old-space-size=1024" });
    expect(env.NODE_OPTIONS).toBe("--enable-source-maps --max-old-space-size=1024 --max-semi-space-size=8");
    const both = "--max-old-space-size=1024 --max-semi-space-size=16";
    expect(withServerMemoryLimits({ NODE_OPTIONS: both }).NODE_OPTIONS).toBe(both);
  });

  it("keeps the operator's MALLOC_ARENA_MAX", () => {
    expect(withServerMemoryLimits({ MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });
});
