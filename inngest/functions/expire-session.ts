import { inngest, sessionExpiryScheduled } from "@/inngest/client";
import { runExpireSessionJob } from "@/lib/jobs/job-handlers";

// A session still `created` at expires_at expires then; one `in_progress` gets until 30
// minutes after it started (the handler answers "not yet, come back at ..."). A session has
// at most one such extension, so a few rounds always suffice.
const MAX_ROUNDS = 4;

export const expireSession = inngest.createFunction(
  { id: "expire-session", retries: 4, triggers: [sessionExpiryScheduled] },
  async ({ event, step }) => {
    let dueAt = event.data.expiresAt;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      await step.sleepUntil(`wait-until-due-${round}`, dueAt);
      const outcome = await step.run(`expire-if-due-${round}`, () => runExpireSessionJob({ sessionId: event.data.sessionId }));
      if (outcome.kind !== "reschedule") return outcome;
      dueAt = outcome.at;
    }
    throw new Error(`Session ${event.data.sessionId} still not due after ${MAX_ROUNDS} rounds`);
  },
);
