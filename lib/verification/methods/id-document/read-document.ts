import "server-only";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { env } from "@/lib/platform/env";
import { BoundedWorker } from "@/lib/verification/methods/bounded-worker";
import type { DocumentReading } from "@/lib/verification/methods/id-document/types";
import { ProviderError } from "@/lib/verification/methods/types";

// One worker process holds the OCR engine and the barcode reader (loaded once) and reads one
// document photo at a time, so reading never blocks the event loop that serves every other
// request. Bounded like the face estimator (bounded-worker.ts): past ID_DOCUMENT_MAX_QUEUE waiting
// photos the call is refused as busy; once a photo is in the worker it has
// ID_DOCUMENT_READ_BUDGET_MS, after which the worker is replaced (it may be stuck in a decoder or
// in OCR, neither of which can be interrupted from inside) and the call fails as a timeout. Both
// are provider errors: no attempt is counted and the user may try again. The hosted flow refuses
// costly images by their headers before they get here (read-image-header.ts).

const WORKER_URL = pathToFileURL(
  path.join(process.cwd(), "lib/verification/methods/id-document/document-worker.mjs"),
).href;
/** The worker ends after this long without a photo, freeing the OCR engine's memory. */
const IDLE_MS = 600_000;

class ReaderBusy extends ProviderError {
  override name = "ReaderBusy";
}

class ReaderTimeout extends ProviderError {
  override name = "ReaderTimeout";
}

class DocumentReader {
  private readonly worker: BoundedWorker<DocumentReading>;

  constructor(lowPriority = true, secondLooks = true) {
    this.worker = new BoundedWorker({
      entry: WORKER_URL,
      // Second looks at a hard photo (document-worker.mjs) start only in the budget's first 40%:
      // a slow machine ends an unreadable photo as a retake, not a timeout.
      workerData: {
        lowPriority,
        secondLooksWithinMs: secondLooks ? Math.round(env().ID_DOCUMENT_READ_BUDGET_MS * 0.4) : 0,
      },
      lowPriority,
      resultField: "reading",
      name: "built-in document reader",
      limits: () => ({
        maxQueue: env().ID_DOCUMENT_MAX_QUEUE,
        workBudgetMs: env().ID_DOCUMENT_READ_BUDGET_MS,
        idleMs: IDLE_MS,
      }),
      busyError: (message) => new ReaderBusy(message),
      timeoutError: (message) => new ReaderTimeout(message),
    });
  }

  /**
   * Reads one photo; `now` is the day of the check (dates are judged against it by the caller).
   * `queue` (the organisation) keeps the reader fair between organisations (bounded-worker.ts).
   */
  read(bytes: Uint8Array, now = new Date(), queue?: string): Promise<DocumentReading> {
    return this.worker.run(bytes, { now: now.getTime() }, { queue });
  }

  /** Ends the worker now (tests, the eval script). */
  stop() {
    this.worker.stop();
  }
}

// One per process, on globalThis so Next.js dev's module reloads keep it (a typed global, not a cast).
declare global {
  var voiceageDocumentReader: DocumentReader | undefined;
}

/**
 * A reader of its own (npm run eval:id, at the normal priority); the app uses documentReader().
 * `secondLooks: false` reads with the first look only (the tests compare the two).
 */
export function createDocumentReader(options: { lowPriority?: boolean; secondLooks?: boolean } = {}): DocumentReader {
  return new DocumentReader(options.lowPriority ?? true, options.secondLooks ?? true);
}

/** The process's one reader (kept across Next.js dev reloads). */
export function documentReader(): DocumentReader {
  return (globalThis.voiceageDocumentReader ??= new DocumentReader());
}
