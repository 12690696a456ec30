import "server-only";
import { env, inngestConfigured } from "@/lib/platform/env";
import { inngest } from "@/inngest/client";
import { startJobRunner, type JobRunner } from "@/lib/platform/jobs/job-runner";
import { relayJobsToInngest } from "@/inngest/relay-jobs-to-inngest";
import { jobHandlers } from "@/lib/edge/jobs/registry";

declare global {
  // One runner per process (null: switched off); Next.js dev reloads modules, so it is kept on globalThis.
  var voiceageJobRunner: JobRunner | null | undefined;
}

/**
 * Started once per server process (instrumentation.ts). JOB_RUNNER=auto: relay outbox jobs
 * to Inngest when it is configured, otherwise run them here; embedded: always run them here;
 * off: neither (another process does it).
 */
export function startBackgroundWork(): JobRunner | null {
  if (globalThis.voiceageJobRunner !== undefined) return globalThis.voiceageJobRunner;
  const config = env();
  if (config.JOB_RUNNER === "off") return (globalThis.voiceageJobRunner = null);
  const relay = config.JOB_RUNNER === "auto" && inngestConfigured();
  const runner = startJobRunner({
    handlers: jobHandlers,
    pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
    relay: relay ? relayJobsToInngest(inngest) : undefined,
  });
  console.info(
    `[jobs] ${relay ? "relaying background jobs to Inngest" : "running background jobs in-process"} as ${runner.workerId}`,
  );
  return (globalThis.voiceageJobRunner = runner);
}
