// Prisma CLI configuration: the offline-capable JS engine with the pg driver adapter.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { embeddedDatabaseUrl } from "./lib/platform/config/embedded-database";

// The migration engine leaves 10 s and 60 s timers that keep the CLI alive after it is done.
const originalSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((handler: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
  const timer = originalSetTimeout(handler, ms, ...rest);
  if ((ms ?? 0) >= 5000) timer.unref?.();
  return timer;
}) as typeof setTimeout;

// Prisma skips .env when a config file exists, so DATABASE_URL is settled here.
process.env.DATABASE_URL ||= embeddedDatabaseUrl();

// adapter-pg 6.19 cannot decode catalog columns of type name/"char" (OIDs 19, 18, 1003)
// for the Wasm schema engine; report them as text / text[].
const TEXT_LIKE: Record<number, number> = { 18: 25, 19: 25, 1003: 1009 };
function reportAsText(res: pg.QueryResult | undefined) {
  for (const field of res?.fields ?? []) {
    const mapped = TEXT_LIKE[field.dataTypeID];
    if (mapped) field.dataTypeID = mapped;
  }
  return res;
}
class CatalogFriendlyClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // pg-pool calls query with a callback; direct clients use the promise form.
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (err: Error | null, res: pg.QueryResult) => last(err, reportAsText(res));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as any)(...args);
    return result && typeof result.then === "function" ? result.then(reportAsText) : result;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    // pg.PoolConfig has no `Client` in its types, though pg.Pool reads it (the client class to use).
    const config: pg.PoolConfig & { Client: typeof CatalogFriendlyClient } = {
      connectionString: process.env.DATABASE_URL,
      Client: CatalogFriendlyClient,
      allowExitOnIdle: true,
    };
    return new PrismaPg(config);
  },
});
