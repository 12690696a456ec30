import "server-only";
import type { JobRun } from "@/lib/platform/jobs/define-job";
import type { generatePromptSetJob } from "@/lib/voice/jobs/generate-prompt-set";
import { logger } from "@/lib/platform/log";
import { failUnfinishedPrompts, generateQueuedPrompts } from "@/lib/voice/prompt-sets/generate-queued-prompts";

type Payload = ReturnType<typeof generatePromptSetJob.payload.parse>;

/** One generation round of a prompt set (lib/voice/jobs/generate-prompt-set.ts). */
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
