import "server-only";
import pino, { type DestinationStream } from "pino";
import { env } from "@/lib/env";
import { currentContext } from "@/lib/log-context";

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
        const { time, level, msg, requestId, jobId, ...rest } = JSON.parse(line) as Record<string, unknown>;
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

/**
 * Stdout, written asynchronously: a line is handed to the kernel off the request's thread, and
 * lines logged while a write is in flight go out together in the next one, so under load the
 * app makes one write per batch instead of one blocking write per request. Nothing waits for a
 * timer: a lone line is written at once. What is still queued when the process exits (exit,
 * an uncaught exception, Next's SIGTERM/SIGINT handler) is written synchronously then, by pino's
 * exit hook (lib/log.test.ts checks both). Only a process killed outright (SIGKILL, the OOM
 * killer) can lose the lines of its last write in flight.
 */
function productionDestination(): DestinationStream {
  return pino.destination({ sync: false });
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
    e.NODE_ENV === "development" ? devDestination() : productionDestination(),
  );
  return instance;
}

/** An error as a log field: its class and message only (a stack or cause can hold request data). */
export function errorField(error: unknown): { type: string; message: string } {
  if (error instanceof Error) return { type: error.name, message: error.message };
  return { type: typeof error, message: String(error) };
}
