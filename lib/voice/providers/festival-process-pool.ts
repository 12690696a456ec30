import "server-only";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { refHandles } from "@/lib/voice/audio/run-process";

// Festival spends ~0.4 s loading itself before it says a word, more than the synthesis of a
// short prompt. So a few Festival processes stay loaded, reading Scheme on stdin (--pipe), and
// each request is one expression: set the voice up, speak a private text file into a private
// WAVE file, report on stderr (unbuffered, unlike stdout on a pipe). The text is never part of
// the Scheme, so nothing in a script is interpreted.

/** Defines `pool_synth`: text2wave's own way of joining a file's utterances into one WAVE. */
const PRELUDE = `
(gc-status nil)
(defvar pool_fp nil)
(defvar pool_samples 0)
(defvar pool_utt nil)
(define (pool_save_wave utt)
  (if (eq? pool_samples 0) (wave.save.header pool_fp (utt.wave utt) 'riff nil (list (list "numsamples" 0))))
  (set! pool_samples (+ pool_samples (get_param 'num_samples (wave.info (utt.wave utt)) 0)))
  (wave.save.data.fp (utt.wave utt) pool_fp 'riff nil)
  (set! pool_utt utt))
(define (pool_synth infile outfile)
  (set! pool_samples 0)
  (set! pool_utt nil)
  (set! pool_fp (fopen outfile "wb"))
  (set! tts_hooks (list utt.synth pool_save_wave))
  (tts_file infile nil)
  (fseek pool_fp 0 0)
  (wave.save.header pool_fp (utt.wave pool_utt) 'riff nil (list (list "numsamples" pool_samples)))
  (fclose pool_fp)
  (set! pool_fp nil))
`;

const DONE = /^POOL-(OK|FAIL) (\d+)$/;

export type FestivalPoolOptions = {
  /** The festival program (run as `festival --pipe`). */
  program: () => string;
  /** At most this many processes, so at most this many syntheses at once; the rest wait in order. */
  size: number;
  /** Per synthesis, from when a process takes it (waiting in the queue does not count). */
  timeoutMs: number;
  /** A process unused this long is ended. */
  idleMs: number;
};

export type FestivalPool = {
  /**
   * Speaks `text` after evaluating `setup` (Scheme that selects the voice and its parameters;
   * only our own voice names and numbers) and returns the WAVE file Festival wrote.
   */
  synthesize(setup: string, text: string): Promise<Buffer>;
  /** Ends every process (tests and scripts that want to exit promptly). */
  stop(): void;
  /** Process ids of the running processes, busy or idle. */
  pids(): number[];
};

type Job = { setup: string; text: string; resolve: (wave: Buffer) => void; reject: (error: Error) => void };

type Worker = {
  child: ChildProcessWithoutNullStreams;
  dir: Promise<string>;
  busy: boolean;
  dead: boolean;
  idleTimer?: NodeJS.Timeout;
  stderr: string;
  /** What Festival said on stderr during the request in flight, besides our report. */
  errors: string[];
  /** The request in flight: its number and what to do when Festival reports on it or dies. */
  current?: { id: number; settle: (outcome: "ok" | "fail" | Error) => void };
};

const live = new Set<Worker>();
process.once("exit", () => {
  // Idle processes would end on stdin's EOF anyway; a busy one should not finish its prompt.
  for (const worker of live) worker.child.kill("SIGKILL");
});

export function createFestivalPool(options: FestivalPoolOptions): FestivalPool {
  const workers = new Set<Worker>();
  const queue: Job[] = [];
  let nextId = 1;

  function retire(worker: Worker) {
    if (worker.dead) return;
    worker.dead = true;
    clearTimeout(worker.idleTimer);
    workers.delete(worker);
    live.delete(worker);
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    void worker.dir.then((dir) => rm(dir, { recursive: true, force: true })).catch(() => undefined);
  }

  function spawnWorker(): Worker {
    const child = spawn(options.program(), ["--pipe"], { stdio: ["pipe", "pipe", "pipe"] });
    const worker: Worker = {
      child,
      dir: mkdtemp(path.join(tmpdir(), "festival-")),
      busy: false,
      dead: false,
      stderr: "",
      errors: [],
    };
    worker.dir.catch(() => undefined);
    child.stdin.on("error", () => undefined);
    child.stdout.resume();
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      worker.stderr += chunk;
      let newline: number;
      while ((newline = worker.stderr.indexOf("\n")) !== -1) {
        const line = worker.stderr.slice(0, newline).trim();
        worker.stderr = worker.stderr.slice(newline + 1);
        const done = DONE.exec(line);
        if (done && worker.current && Number(done[2]) === worker.current.id) {
          worker.current.settle(done[1] === "OK" ? "ok" : "fail");
        } else if (line && worker.current) {
          worker.errors.push(line);
        }
      }
    });
    const died = (reason: string) => {
      const current = worker.current;
      retire(worker);
      current?.settle(new Error(`festival ${reason}${lastError(worker)}`));
    };
    child.once("error", (error) => died(`could not start: ${error.message}`));
    child.once("exit", (code, signal) => died(`exited with ${code ?? signal}`));
    child.stdin.write(PRELUDE);
    workers.add(worker);
    live.add(worker);
    return worker;
  }

  function setIdle(worker: Worker) {
    worker.busy = false;
    worker.current = undefined;
    // Idle, it must not keep the Node process alive; its stdin closing on exit ends it.
    for (const handle of handles(worker)) handle.unref();
    worker.idleTimer = setTimeout(() => retire(worker), options.idleMs);
    worker.idleTimer.unref();
  }

  function dispatch() {
    while (queue.length > 0) {
      let worker = [...workers].find((w) => !w.busy && !w.dead);
      if (!worker) {
        if (workers.size >= options.size) return;
        worker = spawnWorker();
      }
      run(worker, queue.shift()!);
    }
  }

  function run(worker: Worker, job: Job) {
    worker.busy = true;
    clearTimeout(worker.idleTimer);
    for (const handle of handles(worker)) handle.ref();
    const id = nextId++;
    worker.errors = [];
    let timer: NodeJS.Timeout | undefined;
    let files: { input: string; output: string } | undefined;

    const finish = (error: Error | undefined, wave?: Buffer) => {
      clearTimeout(timer);
      if (files) void Promise.all([rm(files.input, { force: true }), rm(files.output, { force: true })]);
      if (error) job.reject(error);
      else job.resolve(wave!);
      dispatch();
    };

    worker.current = {
      id,
      settle(outcome) {
        if (worker.current?.id !== id) return;
        worker.current = undefined;
        if (outcome instanceof Error) return finish(outcome);
        if (outcome === "fail") {
          // Festival recovered to its top level, but a failure may leave a half-set voice
          // behind: a fresh process is cheaper than doubting every later prompt.
          const message = `festival could not speak the text${lastError(worker)}`;
          retire(worker);
          return finish(new Error(message));
        }
        // A private temporary file, not part of the app: nothing for the bundler to trace.
        readFile(/* turbopackIgnore: true */ files!.output).then(
          (wave) => {
            setIdle(worker);
            finish(undefined, wave);
          },
          (error: Error) => {
            retire(worker);
            finish(error);
          },
        );
      },
    };

    timer = setTimeout(() => {
      const current = worker.current;
      retire(worker);
      current?.settle(new Error(`festival timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);

    worker.dir
      .then(async (dir) => {
        files = { input: path.join(dir, `${id}.txt`), output: path.join(dir, `${id}.wav`) };
        await writeFile(files.input, job.text, "utf8");
        if (worker.current?.id !== id) return;
        // mkdtemp's names hold no quote or backslash, so the paths are safe inside Scheme strings.
        worker.child.stdin.write(
          `(unwind-protect (begin ${job.setup} (pool_synth "${files.input}" "${files.output}") ` +
            `(format stderr "POOL-OK ${id}\\n")) (format stderr "POOL-FAIL ${id}\\n"))\n`,
        );
      })
      .catch((error: Error) => {
        const current = worker.current;
        retire(worker);
        current?.settle(error);
      });
  }

  return {
    synthesize(setup, text) {
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ setup, text, resolve, reject });
        dispatch();
      });
    },
    stop() {
      for (const worker of [...workers]) retire(worker);
    },
    pids() {
      return [...workers].flatMap((w) => (w.child.pid === undefined ? [] : [w.child.pid]));
    },
  };
}

/** Festival's own last complaint, e.g. ": SIOD ERROR: wrong type of argument to get_c_utt". */
function lastError(worker: Worker): string {
  const line = worker.errors.findLast((l) => l.includes("ERROR")) ?? worker.errors.at(-1);
  return line ? `: ${line}` : "";
}

function handles(worker: Worker) {
  return refHandles(worker.child);
}
