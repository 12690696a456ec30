import "server-only";
import pino, { type DestinationStream } from "pino";
import { env } from "@/lib/platform/env";
import { currentContext } from "@/lib/platform/log-context";
import { isRecord } from "@/lib/platform/narrow";

// Keys whose values must never reach a log line, wherever they appear in a logged object.
const REDACT = [
  "key",
  "secret",
  "token",
  "password",
  "authorization",
  "apiKey",
  "api_key",
  "body",
  "image",
  "images",
  "*.key",
  "*.secret",
  "*.token",
  "*.password",
  "*.authorization",
  "*.apiKey",
  "*.body",
  "*.image",
  "*.images",
  "headers.authorization",
  "headers.cookie",
  'headers["x-api-key"]',
];

/**
 * In development, one readable line per entry ("10:02:03 INFO  req_… POST /v1/… 201 12ms").
 * A plain stream, not a pino transport: transports run in worker threads that Next.js server
 * bundles cannot load.
 */
function devDestination(): DestinationStream {
  return {
    write(line: string) {
      try {
        const entry: unknown = JSON.parse(line);
        const { time, level, msg, requestId, jobId, ...rest } = isRecord(entry) ? entry : {};
        delete rest.pid;
        delete rest.hostname;
        const label = String(level).toUpperCase();
        const extra = Object.entries(rest)
          .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
          .join(" ");
        const when = new Date(Number(time)).toISOString().slice(11, 19);
        process.stdout.write(`${when} ${label.padEnd(5)} ${requestId ?? jobId ?? "-"} ${msg ?? ""} ${extra}\n`);
      } catch {
        process.stdout.write(line);
      }
    },
  };
}

let instance: pino.Logger | undefined;

/** The app's logger: JSON lines on stdout, each with the current request's or job's context. */
export function logger(): pino.Logger {
  if (instance) return instance;
  const e = env();
  instance = pino(
    {
      level: e.LOG_LEVEL,
      base: undefined,
      redact: { paths: REDACT, censor: "[redacted]" },
      mixin: () => ({ ...currentContext() }),
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous: an asynchronous destination (sonic-boom's fs.write per batch through libuv's
    // thread pool) was measured and saved no CPU per request (bench/README.md, "Where the time
    // goes"), and a line written synchronously is never lost.
    e.NODE_ENV === "development" ? devDestination() : pino.destination({ sync: true }),
  );
  return instance;
}

/** An error as a log field: its class and message only (a stack or cause can hold request data). */
export function errorField(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name, message: error.message };
  return { type: typeof error, message: String(error) };
}
