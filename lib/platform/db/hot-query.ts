import "server-only";
import postgres from "postgres";
import { env } from "@/lib/platform/env";

// Private to lib/platform/db/: only the named statements in lib/platform/db/hot/ call hotQuery.

type HotConnection = {
  sql: postgres.Sql;
  inFlight: number;
  /** Since when statements have waited without any answer (0: none waiting). */
  waitingSince: number;
  connect: () => postgres.Sql;
};
/** A value a hot statement binds: text, numbers, dates, arrays and JSON, as postgres.js sends them. */
export type HotValue = postgres.ParameterOrJSON<never>;

declare global {
  // One set per process; Next.js dev reloads modules, so it is kept on globalThis.
  var voiceageHotConnections: HotConnection[] | undefined;
}

// Connection-string parameters that only Prisma reads: postgres.js would send them to the
// server as run-time settings, which it rejects ("unrecognized configuration parameter").
const PRISMA_ONLY_PARAMETERS = [
  "schema",
  "connection_limit",
  "pool_timeout",
  "socket_timeout",
  "pgbouncer",
  "statement_cache_size",
  "sslaccept",
  "sslidentity",
  "sslpassword",
  "sslcert",
];

/**
 * The driver for the few single statements on the hottest paths (API key + rate limit, session
 * create, retrieve and list, Idempotency-Key, the TTS history insert): postgres.js, which
 * prepares each statement once per connection, pipelines queries and coalesces their socket
 * writes. Measured with `npm run bench` on this machine, a round trip costs the app's one
 * thread about 0.05 ms of CPU against 0.25 ms through node-postgres's pool, which is what
 * throughput is bound by. Everything else goes through Prisma.
 *
 * Each connection is its own single-connection client (DATABASE_HOT_CONNECTIONS of them: few
 * connections, many queries pipelined on each; the bench found 4 better than 10 and 20), and
 * queries go to the one with the fewest in flight. postgres.js 3.4.9's own pool has a queue
 * that, while every connection is busy, grows by one slot per query and is scanned on every
 * hand-over: throughput fell from 28,000 to 7,500 queries/s within 40 s of load here, 81% of
 * the CPU in that scan. A client with one connection never builds that queue up.
 */
const hotConnections: HotConnection[] = globalThis.voiceageHotConnections ?? createHotConnections();
if (env().NODE_ENV !== "production") globalThis.voiceageHotConnections = hotConnections;

function createHotConnections(): HotConnection[] {
  const [base, query = ""] = env().DATABASE_URL.split(/\?(.*)/s);
  const parameters = new URLSearchParams(query);
  for (const name of PRISMA_ONLY_PARAMETERS) parameters.delete(name);
  // libpq's `?host=/run/postgresql` (a Unix socket directory) is an option here, not a setting.
  const socketHost = parameters.get("host");
  parameters.delete("host");
  const url = parameters.size ? `${base}?${parameters}` : base;
  const connect = () =>
    postgres(url, {
      ...(socketHost ? { host: socketHost } : {}),
      max: 1,
      // No request waits long on a server that is down; it fails with a 500.
      connect_timeout: Math.ceil(env().DATABASE_WAIT_MS / 1000),
      onnotice: () => {},
    });
  const connections = Array.from({ length: env().DATABASE_HOT_CONNECTIONS }, () => ({
    sql: connect(),
    inFlight: 0,
    waitingSince: 0,
    connect,
  }));
  watchForStalls(connections);
  return connections;
}

/**
 * Statements that wait DATABASE_WAIT_MS without any answer on their connection mean the server
 * stopped answering (frozen, or a network path that drops packets): the connection is replaced,
 * which fails every statement waiting on it at once instead of after the kernel gives up on the
 * socket, minutes later. The next statement opens a new connection, so the app recovers as soon
 * as the server answers. One timer per process, not one per statement: the hot path stays cheap.
 */
function watchForStalls(connections: HotConnection[]) {
  const wait = env().DATABASE_WAIT_MS;
  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections) {
        if (connection.waitingSince === 0 || now - connection.waitingSince < wait) continue;
        const stalled = connection.sql;
        connection.sql = connection.connect();
        connection.waitingSince = 0;
        void stalled.end({ timeout: 0 });
      }
    },
    Math.max(100, Math.floor(wait / 5)),
  );
  timer.unref();
}

/**
 * Runs one prepared statement on the hot-path driver. Rows are as postgres.js decodes them:
 * like node-postgres for what these statements read (timestamps as Dates, int8 as strings,
 * arrays and json parsed); the caller states the row type its SQL selects. A parameter takes
 * the type PostgreSQL infers from the SQL (write the casts), except that postgres.js declares
 * a Date as timestamptz, a boolean as boolean, and an array as its first element would be:
 * send arrays of strings or numbers only (booleans as text, cast in SQL). JSON goes in as text
 * cast in SQL (`$1::text::json`): a string sent to a json parameter would be encoded a second
 * time. `prepare: false` plans the statement for its values on every run: for a statement whose
 * best plan depends on the values (see selectSessionsPage), where a cached generic plan could be
 * the wrong one.
 */
export async function hotQuery<Row>(
  text: string,
  values: HotValue[] = [],
  options: { prepare?: boolean } = {},
): Promise<{ rows: Row[]; rowCount: number }> {
  let connection = hotConnections[0];
  for (const candidate of hotConnections) if (candidate.inFlight < connection.inFlight) connection = candidate;
  if (connection.inFlight++ === 0) connection.waitingSince = Date.now();
  try {
    const result = await connection.sql.unsafe<Row[]>(text, values, {
      prepare: options.prepare ?? true,
    });
    return { rows: result, rowCount: result.count };
  } finally {
    // An answer (or an error) shows the connection is alive: the wait starts again for the rest.
    connection.waitingSince = --connection.inFlight === 0 ? 0 : Date.now();
  }
}
