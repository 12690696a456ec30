import "server-only";
import { hotQuery } from "@/lib/db";

type Row = {
  id: string;
  orgId: string;
  cacheKey: string;
  text: string;
  voiceId: string;
  modelId: string;
  outputFormat: string;
  /** Null when the request sent no settings (the voice's defaults applied). */
  voiceSettings?: object;
  characters: number;
  cached: boolean;
  sha256: string;
  bytes: number;
};

// One prepared statement for any batch size: a column array per field, unnested into rows.
// Plain SQL on the hot-path driver (lib/db.ts) rather than Prisma's createMany, which cost a
// cached request more CPU than the rest of its work (see the Voice section of `npm run bench`).
const INSERT_GENERATIONS = `
  INSERT INTO "TtsGeneration"
    ("id", "orgId", "cacheKey", "text", "voiceId", "modelId", "outputFormat", "voiceSettings", "characters", "cached", "sha256", "bytes")
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::text[]::jsonb[], $9::int[], $10::text[]::bool[], $11::text[], $12::int[])`;

function insertGenerations(rows: Row[]) {
  const column = <K extends keyof Row>(key: K) => rows.map((row) => row[key]);
  return hotQuery(INSERT_GENERATIONS, [
    column("id"),
    column("orgId"),
    column("cacheKey"),
    column("text"),
    column("voiceId"),
    column("modelId"),
    column("outputFormat"),
    rows.map((row) => (row.voiceSettings ? JSON.stringify(row.voiceSettings) : null)),
    column("characters"),
    rows.map((row) => String(row.cached)),
    column("sha256"),
    column("bytes"),
  ]);
}

// Group commit: every POST /tts writes one history row, and under load those single-row
// INSERTs are most of a cached request's database work. Rows that arrive while a write is in
// flight go out together in the next INSERT. Each caller still waits for its own row to be
// committed, so the history is as durable as one INSERT per request, and an idle server
// writes immediately (no timer, no added latency).
const pending: { row: Row; done: (error?: unknown) => void }[] = [];
let writing = false;

export function recordGeneration(row: Row): Promise<void> {
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
        await insertGenerations(batch.map((entry) => entry.row));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
  } finally {
    writing = false;
  }
}
