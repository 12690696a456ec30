// The logger as `npm run dev` shows it: one readable line per entry, with the request's id from
// its context; and the fields that may hold a secret are redacted wherever they appear.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let written: string[];
const savedNodeEnv = process.env.NODE_ENV;

beforeEach(() => {
  written = [];
  vi.resetModules();
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  (process.env as Record<string, string>).NODE_ENV = "development";
});

afterEach(() => {
  vi.restoreAllMocks();
  (process.env as Record<string, string | undefined>).NODE_ENV = savedNodeEnv;
});

/** A fresh logger (and configuration) read with NODE_ENV=development, and the context runner. */
async function devLogger() {
  const { logger } = await import("@/lib/platform/log");
  const { runWithContext } = await import("@/lib/platform/log-context");
  return { logger: logger(), runWithContext };
}

describe("logs in development", () => {
  it("prints one readable line per entry with the time, level, request id, message and fields", async () => {
    const { logger, runWithContext } = await devLogger();
    runWithContext({ requestId: "req_abc", route: "POST /v1/verification-sessions", orgId: "org_1" }, () =>
      logger.info({ status: 201, durationMs: 12 }, "request"),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d INFO  req_abc request /);
    expect(written[0]).toContain("route=POST /v1/verification-sessions");
    expect(written[0]).toContain("status=201 durationMs=12");
    expect(written[0]).not.toMatch(/^\{/);
    expect(written[0].endsWith("\n")).toBe(true);
  });

  it("shows a job's id where a request's would be", async () => {
    const { logger, runWithContext } = await devLogger();
    runWithContext({ jobId: "job_42" }, () => logger.warn({ attempt: 2 }, "job attempt failed"));
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d WARN  job_42 job attempt failed attempt=2/);
  });
});

describe("redaction", () => {
  it("never writes the value of a key, secret, token, password, authorization, body or image field", async () => {
    const { logger } = await devLogger();
    const values = {
      key: "sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      secret: "whsec_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
      token: "hosted-flow-token-CCCC",
      password: "hunter2-DDDD",
      authorization: "Bearer EEEE",
      apiKey: "FFFF-api-key",
      body: '{"card":"GGGG"}',
      image: "HHHH-image-bytes",
    };
    logger.info({ ...values, nested: { ...values } }, "something happened");
    expect(written).toHaveLength(1);
    for (const value of Object.values(values)) expect(written[0]).not.toContain(value);
    expect(written[0]).toContain("[redacted]");
  });
});

describe("in production", () => {
  // A real process: every line logged must reach stdout before the process ends, whether it
  // exits or crashes (it would not with an asynchronous destination without an exit flush).
  const LINES = 3000;
  const run = (ending: "exit" | "crash") => {
    const script = `
      const { logger } = await import(${JSON.stringify(pathToFileURL(path.resolve("lib/platform/log.ts")).href)});
      const log = logger();
      for (let i = 0; i < ${LINES}; i++) log.info({ seq: i }, "line");
      if (${JSON.stringify(ending)} === "exit") process.exit(0);
      setImmediate(() => { throw new Error("crashed on purpose"); });
    `;
    return spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "--input-type=module", "--eval", script],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          NODE_ENV: "production",
          LOG_LEVEL: "info",
          MAIL_OUTBOX_IN_PRODUCTION: "1",
          APP_SECRET: "log-test-app-secret-0123456789abcdefghijklmnop",
          AUTH_SECRET: "log-test-auth-secret-0123456789abcdefghijklmno",
        },
      },
    );
  };
  const sequence = (stdout: string) =>
    stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { seq: number; msg: string }).seq);

  it.each(["exit", "crash"] as const)("writes every line before the process ends (%s)", (ending) => {
    const child = run(ending);
    if (ending === "exit") expect(child.status, child.stderr).toBe(0);
    else {
      expect(child.status).toBe(1);
      expect(child.stderr).toContain("crashed on purpose");
    }
    expect(sequence(child.stdout)).toEqual(Array.from({ length: LINES }, (_, i) => i));
  });
});
