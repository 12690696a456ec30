import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import type { DocumentReading } from "@/lib/verification/methods/id-document/types";
import { ProviderError } from "@/lib/verification/methods/types";

// One worker thread holds the OCR engine and the barcode reader (loaded once) and reads one
// document photo at a time, so reading never blocks the event loop that serves every other
// request. Bounded like the face estimator (face-estimator.ts): past ID_DOCUMENT_MAX_QUEUE waiting
// photos the call is refused as busy; once a photo is in the worker it has
// ID_DOCUMENT_READ_BUDGET_MS, after which the worker is replaced (it may be stuck in a decoder or
// in OCR, neither of which can be interrupted from inside) and the call fails as a timeout. Both
// are provider errors: no attempt is counted and the user may try again. The hosted flow refuses
// costly images by their headers before they get here (read-image-header.ts).

const WORKER_URL = pathToFileURL(
  path.join(process.cwd(), "lib/verification/methods/id-document/document-worker.mjs"),
).href;
const BOOTSTRAP = `import(require("node:worker_threads").workerData.entry)`;
/** The worker ends after this long without a photo, freeing the OCR engine's memory. */
const IDLE_MS = 600_000;

class ReaderBusy extends ProviderError {
  override name = "ReaderBusy";
}

class ReaderTimeout extends ProviderError {
  override name = "ReaderTimeout";
}

type Call = {
  id: number;
  bytes: Uint8Array;
  now: number;
  resolve: (reading: DocumentReading) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
};

class DocumentReader {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private waiting: Call[] = [];
  private current: Call | null = null;
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly lowPriority = true) {}

  /** Reads one photo; `now` is the day of the check (dates are judged against it by the caller). */
  read(bytes: Uint8Array, now = new Date()): Promise<DocumentReading> {
    if (this.waiting.length >= env().ID_DOCUMENT_MAX_QUEUE)
      return Promise.reject(new ReaderBusy("built-in document reader is busy (queue full)"));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, bytes, now: now.getTime(), resolve, reject });
      void this.next();
    });
  }

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const worker = new Worker(BOOTSTRAP, {
        eval: true,
        workerData: { entry: WORKER_URL, lowPriority: this.lowPriority },
      });
      this.worker = worker;
      worker.once("message", (message: { ready?: boolean }) => {
        if (message.ready) resolve();
      });
      worker.on("message", (message: { id?: number; reading?: DocumentReading; error?: string }) => {
        if (message.id === undefined || message.id !== this.current?.id) return;
        const call = this.current;
        this.current = null;
        clearTimeout(call.timer);
        if (message.error !== undefined) call.reject(new ProviderError(`document reader failed: ${message.error}`));
        else call.resolve(message.reading!);
        setImmediate(() => void this.next());
      });
      worker.on("error", (error) => {
        reject(new ProviderError("document reader could not start", { cause: error }));
        this.discard(new ProviderError("document reader crashed", { cause: error }));
      });
    });
    return this.ready;
  }

  private async next() {
    if (this.current) return;
    if (this.waiting.length === 0) return this.stopWhenIdle();
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    try {
      await this.start();
    } catch (error) {
      for (const call of this.waiting.splice(0)) call.reject(error as Error);
      return;
    }
    if (this.current || this.waiting.length === 0) return;
    const call = this.waiting.shift()!;
    this.current = call;
    this.worker!.ref();
    const copy = call.bytes.slice();
    this.worker!.postMessage({ id: call.id, bytes: copy, now: call.now }, [copy.buffer]);
    call.timer = setTimeout(() => {
      if (this.current !== call) return;
      this.current = null;
      call.reject(new ReaderTimeout("built-in document reader: the photo took longer than its budget"));
      // It may be stuck on that photo: replace it rather than queue more work behind it.
      this.discard(null);
      void this.next();
    }, env().ID_DOCUMENT_READ_BUDGET_MS);
  }

  private stopWhenIdle() {
    // Referenced while it has work (a script's process waits for its answers), not while idle.
    this.worker?.unref();
    if (!this.worker || this.idle) return;
    this.idle = setTimeout(() => {
      this.idle = null;
      if (!this.current && this.waiting.length === 0) this.discard(null);
    }, IDLE_MS);
    this.idle.unref();
  }

  /** Ends the worker; with an error, the photo in flight and those waiting fail with it. */
  private discard(error: Error | null) {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    void worker?.terminate();
    if (!error) return;
    if (this.current) {
      clearTimeout(this.current.timer);
      this.current.reject(error);
    }
    this.current = null;
    for (const call of this.waiting.splice(0)) call.reject(error);
  }

  /** Ends the worker now (tests, the eval script). */
  stop() {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.discard(new ProviderError("document reader stopped"));
  }
}

const globalForReader = globalThis as unknown as { voiceageDocumentReader?: DocumentReader };

/** A reader of its own (npm run eval:id, at the normal priority); the app uses documentReader(). */
export function createDocumentReader(options: { lowPriority?: boolean } = {}): DocumentReader {
  return new DocumentReader(options.lowPriority ?? true);
}

/** The process's one reader (kept across Next.js dev reloads). */
export function documentReader(): DocumentReader {
  return (globalForReader.voiceageDocumentReader ??= new DocumentReader());
}
