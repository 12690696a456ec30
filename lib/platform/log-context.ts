import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written while handling one API request (or running one job) carries. */
export type RequestContext = {
  requestId?: string;
  jobId?: string;
  orgId?: string;
  route?: string;
};

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's or job's context; mutable so the org can be added once authenticated. */
export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
