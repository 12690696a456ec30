import "server-only";
import type { JobRun } from "@/lib/jobs/define-job";
import type { generatePromptSetJob } from "@/lib/jobs/definitions/generate-prompt-set";
import { logger } from "@/lib/log";
import { failUnfinishedPrompts, generateQueuedPrompts } from "@/lib/prompt-sets/generate-queued-prompts";

type Payload = ReturnType<typeof generatePromptSetJob.payload.parse>;

/** One generation round of a prompt set (lib/jobs/definitions/generate-prompt-set.ts). */
export const generatePromptSet: JobRun<Payload> = {
  run: async (payload) => {
    const outcome = await generateQueuedPrompts(payload);
    return outcome.kind === "finished" ? { kind: "done" } : { kind: "reschedule", at: outcome.at.toISOString() };
  },
  onFinalFailure: async (payload) => {
    const failed = await failUnfinishedPrompts(payload);
    logger().error({ setId: payload.setId, failed }, "prompt set generation failed for good");
  },
};
