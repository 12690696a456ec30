import "server-only";
import { insertTtsGenerations, type TtsGenerationRow } from "@/lib/db/hot/tts-generations";

// Group commit: every POST /tts writes one history row, and under load those single-row
// INSERTs are most of a cached request's database work. Rows that arrive while a write is in
// flight go out together in the next INSERT. Each caller still waits for its own row to be
// committed, so the history is as durable as one INSERT per request, and an idle server
// writes immediately (no timer, no added latency).
const pending: { row: TtsGenerationRow; done: (error?: unknown) => void }[] = [];
let writing = false;

export function recordGeneration(row: TtsGenerationRow): Promise<void> {
  return new Promise((resolve, reject) => {
    pending.push({ row, done: (error) => (error ? reject(error) : resolve()) });
    if (!writing) void drain();
  });
}

async function drain() {
  writing = true;
  try {
    while (pending.length > 0) {
      const batch = pending.splice(0, 500);
      try {
        await insertTtsGenerations(batch.map((entry) => entry.row));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
  } finally {
    writing = false;
  }
}
