// Extra `next start` processes of the built app on a database of the caller's choosing, which
// the caller may kill (SIGKILL, as a crash) and start again: the restart and multi-process
// webhook tests need processes they control, beyond the suite's own app.
import { v1At } from "../../support/api";
import { spawnApp, type AppProcess } from "../../support/test-stack";

export type { AppProcess };

/** A `next start` of the built app with the job runner on, which the caller may kill and restart. */
export function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  return spawnApp({ databaseUrl, env });
}

/** JSON calls to /v1 of a given app process. */
export function apiAt(baseUrl: () => string) {
  return async function call<T = any>(
    method: string,
    path: string,
    key: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    return v1At<T>(baseUrl(), method, path, { key, body });
  };
}
