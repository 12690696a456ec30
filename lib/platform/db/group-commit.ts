import "server-only";

/**
 * Group commit: rows that arrive while a write is in flight go out together in the next one,
 * so under load many rows share one statement and one flush to disk. Each caller still waits
 * for its own row to be committed (as durable as one write per row), and an idle writer writes
 * at once (no timer, no added latency). Rows are written in arrival order, at most `maxBatch`
 * to a statement. When a batch of several fails, each of its rows is tried again on its own:
 * one row the database refuses fails its caller alone, and the others' rows are kept.
 */
export function groupCommit<Row>(write: (rows: Row[]) => Promise<void>, maxBatch = 500): (row: Row) => Promise<void> {
  const pending: { row: Row; settle: (outcome: { error: unknown } | null) => void }[] = [];
  let writing = false;

  async function writeBatch(batch: typeof pending) {
    try {
      await write(batch.map((entry) => entry.row));
      for (const entry of batch) entry.settle(null);
    } catch (error) {
      if (batch.length === 1) batch[0].settle({ error });
      else for (const entry of batch) await writeBatch([entry]);
    }
  }

  async function drain() {
    writing = true;
    try {
      while (pending.length > 0) await writeBatch(pending.splice(0, maxBatch));
    } finally {
      writing = false;
    }
  }

  return (row) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ row, settle: (outcome) => (outcome ? reject(outcome.error) : resolve()) });
      if (!writing) void drain();
    });
}
