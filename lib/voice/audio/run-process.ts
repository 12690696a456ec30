import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { Socket } from "node:net";

class ProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "ProcessError";
  }
}

export type StartedProcess = {
  /** Writes all of `input` to stdin, closes it, and resolves with stdout once the process exits 0. */
  run(input: Uint8Array): Promise<Buffer>;
  /** Kills the process if it is still running (used when the input never arrives). */
  kill(): void;
  /** Lets the Node process exit while this one idles (a spare nobody has asked for yet). */
  detach(): void;
};

/**
 * Spawns a filter process (stdin -> stdout) right away, so its start-up cost overlaps with
 * whatever produces its input. ffmpeg takes ~80 ms just to load its libraries here.
 */
export function startProcess(command: string, args: string[], options: { timeoutMs?: number } = {}): StartedProcess {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => {
    if (stderr.length < 64) stderr.push(chunk);
  });
  // EPIPE when the process dies before reading its input surfaces through "close" below.
  child.stdin.on("error", () => undefined);

  let timer: NodeJS.Timeout | undefined;
  let rejectTimeout: (error: Error) => void = () => undefined;
  const exited = new Promise<Buffer>((resolve, reject) => {
    rejectTimeout = reject;
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new ProcessError(`${command} could not start: ${error.message}`, ""));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      const err = Buffer.concat(stderr).toString();
      if (code === 0) resolve(Buffer.concat(stdout));
      else reject(new ProcessError(`${command} exited with ${code ?? signal}: ${lastLine(err)}`, err));
    });
  });
  // Nobody may await `exited` if kill() is called; keep that from becoming an unhandled rejection.
  exited.catch(() => undefined);

  const handles = refHandles(child);
  return {
    run(input) {
      // The clock starts with the work, not with the spawn: a pre-started process may wait.
      if (options.timeoutMs) {
        timer = setTimeout(() => {
          child.kill("SIGKILL");
          rejectTimeout(
            new ProcessError(`${command} timed out after ${options.timeoutMs} ms`, Buffer.concat(stderr).toString()),
          );
        }, options.timeoutMs);
      }
      for (const handle of handles) handle.ref();
      child.stdin.end(input);
      return exited;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    detach() {
      for (const handle of handles) handle.unref();
    },
  };
}

/** Runs a filter process over `input` and returns its stdout. */
export function runProcess(command: string, args: string[], input: Uint8Array, options: { timeoutMs?: number } = {}) {
  return startProcess(command, args, options).run(input);
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] ?? "";
}

/** The child and its pipes (net.Sockets at run time), each of which keeps the event loop alive until unref'd. */
export function refHandles(child: ChildProcess): { ref(): void; unref(): void }[] {
  const handles: { ref(): void; unref(): void }[] = [child];
  for (const stream of [child.stdin, child.stdout, child.stderr]) if (stream instanceof Socket) handles.push(stream);
  return handles;
}
