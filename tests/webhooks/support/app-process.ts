// Extra `next start` processes of the built app on a database of the caller's choosing, which
// the caller may kill (SIGKILL, as a crash) and start again: the restart and multi-process
// webhook tests need processes they control, beyond the suite's own app.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { generateApiKey, displayParts } from "@/lib/keys/key-format";
import { v1At } from "../../support/api";
import { spawnApp, type AppProcess } from "../../support/test-stack";

export type { AppProcess };

/** A `next start` of the built app with the job runner on, which the caller may kill and restart. */
export function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  return spawnApp({ databaseUrl, env });
}

/** A new organisation with a test key, written straight into the given database. */
export async function createOrgWithTestKey(databaseUrl: string): Promise<{ orgId: string; key: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orgId = `org_${randomBytes(12).toString("hex")}`;
    const key = generateApiKey("test");
    const { prefix, last4 } = displayParts(key);
    await client.query(`insert into "Organization" (id, name) values ($1, $2)`, [orgId, `wh-${orgId}`]);
    await client.query(
      `insert into "ApiKey" (id, "orgId", mode, prefix, last4, "keyHash") values ($1, $2, 'test', $3, $4, $5)`,
      [`key_${randomBytes(12).toString("hex")}`, orgId, prefix, last4, createHash("sha256").update(key).digest("hex")],
    );
    return { orgId, key };
  } finally {
    await client.end();
  }
}

/** JSON calls to /v1 of a given app process. */
export function apiAt(baseUrl: () => string) {
  return async function call<T = any>(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: T }> {
    return v1At<T>(baseUrl(), method, path, { key, body });
  };
}
