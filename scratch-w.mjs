import { Worker } from "node:worker_threads";
import { readFileSync } from "node:fs";
const w = new Worker(new URL("./lib/verification/methods/id-document/document-worker.mjs", import.meta.url), { workerData: { lowPriority: false } });
const files = process.argv.slice(2);
let i = 0; let t;
w.on("error", (e) => { console.error("ERR", e); process.exit(1); });
w.on("message", (m) => {
  if (!m.ready) console.log(files[m.id], Date.now() - t, "ms", JSON.stringify(m.reading ?? m.error));
  if (i < files.length) { t = Date.now(); const b = new Uint8Array(readFileSync(files[i])); w.postMessage({ id: i++, bytes: b, now: Date.now() }, [b.buffer]); }
  else w.terminate();
});
