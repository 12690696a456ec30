// The bench's own stack: a fresh database on its own embedded PostgreSQL server (or on
// DATABASE_URL's server), migrated, and one `next start` of the existing build with the rate
// limit raised and the bench route enabled. Nothing is built here.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { withServerMemoryLimits } from "../../scripts/server-memory";
import { createScratchDatabase, freePort, startAppInstance } from "../../tests/support/test-stack";

export type BenchStack = {
  baseUrl: string;
  databaseUrl: string;
  /** Resident memory and CPU time so far of the app's server process(es). */
  app: () => ProcessSample;
  /** The app's server process ids (to ask one for a diagnostic report). */
  appPids: () => number[];
  /** The server process: the one with the most memory (`next start` serves from one process). */
  serverPid: () => number;
  /**
   * The app's worker processes (children of its server processes) whose command line names
   * `module` ("face-worker.mjs"): the built-in checks' models (bounded-worker.ts).
   */
  workerProcesses: (module: string) => WorkerProcessSample[];
  /** The same for the database backends serving the bench database. */
  database: () => ProcessSample;
  stop: () => Promise<void>;
};

/** What the app's build is made of: a file here changed after the build means the build is stale. */
const BUILD_INPUTS = ["app", "components", "lib", "inngest", "next.config.ts", "prisma/schema.prisma"];
/** Regenerated from prisma/schema.prisma by every `npm install`: the schema stands for it. */
const GENERATED = path.join("lib", "generated");

/** The most recently changed file under `paths`, or null when there is none. */
function newestFile(paths: string[]): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  const visit = (file: string) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (!stat.isDirectory()) {
      if (!newest || stat.mtimeMs > newest.mtimeMs) newest = { file, mtimeMs: stat.mtimeMs };
    } else if (!file.endsWith(GENERATED)) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Refuses to measure a missing build, or one older than the code (it would measure old code). */
export function requireBuild(distDir: string, root = process.cwd()) {
  const build = statSync(path.resolve(root, distDir, "BUILD_ID"), { throwIfNoEntry: false });
  const rebuild = `Run \`${distDir === ".next" ? "" : `NEXT_DIST_DIR=${distDir} `}npm run build\` first`;
  if (!build) throw new Error(`No Next.js build in ${distDir}. ${rebuild} (or set NEXT_DIST_DIR to your build).`);
  const changed = newestFile(BUILD_INPUTS.map((input) => path.join(root, input)));
  if (changed && changed.mtimeMs > build.mtimeMs) {
    const file = path.relative(root, changed.file);
    throw new Error(`The build in ${distDir} is older than ${file}, which changed after it was built. ${rebuild}.`);
  }
}

// Its own data directory and port: never stop a server the test suite is using. Durable (fsync
// on, synchronous commit), as a production server is, so create is measured with its real cost.
const freshDatabase = async () =>
  createScratchDatabase({ prefix: "bench", dataDir: ".data/bench-postgres", port: await freePort(), durable: true });

export type ProcessSample = { rssBytes: number; cpuSeconds: number };

/** PSS: the process's resident pages, each shared page divided among the processes that map it. */
export type WorkerProcessSample = { pid: number; rssBytes: number; pssBytes: number };

export function residentOf(pid: number): { rssBytes: number; pssBytes: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0) * 1024;
    return { rssBytes: field("Rss"), pssBytes: field("Pss") };
  } catch {
    return { rssBytes: 0, pssBytes: 0 }; // it ended
  }
}

/**
 * The bench's own PostgreSQL server: the postmaster, every live child (backends, WAL writer,
 * ...) and the children that already exited (the postmaster's cutime/cstime), so a backend
 * closed by the pool's idle timeout does not take its CPU time out of the sum.
 */
function postgresServerSample(postmasterPid: number): ProcessSample {
  const own = sampleProcesses((pid) => pid === postmasterPid);
  const children = sampleProcesses((pid) => parentOf(pid) === postmasterPid);
  let exited = 0;
  try {
    const stat = readFileSync(`/proc/${postmasterPid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    exited = (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND; // cutime, cstime
  } catch {
    // not running
  }
  return { rssBytes: own.rssBytes + children.rssBytes, cpuSeconds: own.cpuSeconds + children.cpuSeconds + exited };
}

/** A server we did not start (DATABASE_URL): the live backends serving the bench database. */
function sampleBackends(databaseName: string): ProcessSample {
  return sampleProcesses((_, __, cmd) => cmd.startsWith("postgres: ") && cmd.includes(` ${databaseName} `));
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return -1;
  }
}

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

type ProcessMatcher = (pid: number, processGroup: number, cmdline: string) => boolean;

/** The processes that match, with their /proc stat fields after "(comm) ". */
function findProcesses(matches: ProcessMatcher): { pid: number; fields: string[] }[] {
  const found: { pid: number; fields: string[] }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      // After "(comm) ": state is fields[0], so the process group (stat field 5) is fields[2].
      if (matches(Number(entry), Number(fields[2]), cmdline)) found.push({ pid: Number(entry), fields });
    } catch {
      // the process went away
    }
  }
  return found;
}

/** Memory and CPU time used so far by the processes that match. */
export function sampleProcesses(matches: ProcessMatcher): ProcessSample {
  const sample = { rssBytes: 0, cpuSeconds: 0 };
  for (const { pid, fields } of findProcesses(matches)) {
    try {
      // utime/stime (stat fields 14/15) are fields[11]/fields[12].
      sample.cpuSeconds += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) sample.rssBytes += Number(rss[1]) * 1024;
    } catch {
      // the process went away
    }
  }
  return sample;
}

export async function startBenchStack(env: Record<string, string>): Promise<BenchStack> {
  const database = await freshDatabase();
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) {
    await database.drop();
    throw new Error(`migrate deploy failed: ${migrate.stderr}`);
  }
  const databaseName = new URL(database.url).pathname.slice(1);
  // Sized as `npm start` sizes the server (heap flags, malloc arenas), so the memory and the
  // ratios the bench reports are the production configuration's.
  const serverEnv = withServerMemoryLimits({
    ...env,
    NODE_OPTIONS: env.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? "",
  });
  const app = await startAppInstance({ databaseUrl: database.url, env: serverEnv }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  // The Next.js server process(es) in the app's process group, not the npx wrapper.
  const isApp: ProcessMatcher = (_, group, cmd) => group === app.pid && /next-server|next\/dist\/bin\/next/.test(cmd);
  return {
    baseUrl: app.baseUrl,
    databaseUrl: database.url,
    app: () => sampleProcesses(isApp),
    appPids: () => findProcesses(isApp).map(({ pid }) => pid),
    serverPid: () => {
      const pids = findProcesses(isApp).map(({ pid }) => ({ pid, rss: residentOf(pid).rssBytes }));
      const server = pids.sort((a, b) => b.rss - a.rss)[0]?.pid;
      if (!server) throw new Error("the app's server process is gone");
      return server;
    },
    workerProcesses: (module) => {
      const servers = new Set(findProcesses(isApp).map(({ pid }) => pid));
      return findProcesses((pid, _, cmd) => cmd.includes(module) && servers.has(parentOf(pid))).map(({ pid }) => ({
        pid,
        ...residentOf(pid),
      }));
    },
    // The PostgreSQL backends serving the bench database (their titles name it).
    database: () =>
      database.postmasterPid ? postgresServerSample(database.postmasterPid) : sampleBackends(databaseName),
    stop: async () => {
      await app.stop();
      await database.drop();
    },
  };
}
