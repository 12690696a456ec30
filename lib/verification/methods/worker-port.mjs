// The worker side of bounded-worker.ts. A worker module imports `parentPort` and `workerData` from
// here instead of node:worker_threads, and runs unchanged in either of BoundedWorker's two homes:
// - a child process (the app's choice): messages travel over the IPC channel (advanced
//   serialization, so a Uint8Array arrives as one), workerData comes in the environment, and the
//   process ends when the app's end of the channel closes (the app stopped or died), so a worker is
//   never left behind holding its models;
// - a worker thread: node:worker_threads' own port and data.
import { readdirSync } from "node:fs";
import os from "node:os";
import { isMainThread, parentPort as threadPort, workerData as threadData } from "node:worker_threads";

const inProcess = isMainThread;
if (inProcess && typeof process.send !== "function")
  throw new Error("a bounded worker runs as BoundedWorker's worker thread or child process, not on its own");

/** What the app passed along with the worker's entry (its options: models, priority, budgets). */
export const workerData = inProcess ? JSON.parse(process.env.BOUNDED_WORKER_DATA ?? "{}") : threadData;

/** The app's end of the conversation: postMessage(answer) and on("message", listener). */
export const parentPort = inProcess
  ? {
      // A failed send means the app's end is gone: "disconnect" below ends the process.
      postMessage: (message) => process.send(message, undefined, {}, () => {}),
      on: (event, listener) => process.on(event, listener),
    }
  : threadPort;

if (inProcess) {
  process.on("disconnect", () => process.exit(0));
  // The app lowers the process's priority as it starts it (os.setPriority on its pid), which on
  // Linux applies to the main thread and the threads it starts from then on. Threads Node started
  // before that (V8's platform threads: garbage collection, compilation) are lowered here, so all
  // of the process ranks below the app.
  if (os.platform() === "linux") {
    const priority = os.getPriority(0);
    for (const task of readdirSync("/proc/self/task")) {
      try {
        if (os.getPriority(Number(task)) < priority) os.setPriority(Number(task), priority);
      } catch {
        // The thread ended, or this is not permitted: it keeps its priority.
      }
    }
  }
}
