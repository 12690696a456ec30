import "server-only";
import { z } from "zod";
import { defineJob, exponentialBackoff } from "@/lib/platform/jobs/define-job";

/**
 * Generates a prompt set's queued prompts (one generation round). Each run works for a bounded
 * time and then reschedules itself, so a set of hundreds of prompts never holds one run (or an
 * Inngest step) for long, and a provider's 429 waits without using an attempt. Scheduled by
 * startPromptSetGeneration and by edits during a running generation; run by
 * lib/edge/jobs/handlers/generate-prompt-set.ts.
 */
export const generatePromptSetJob = defineJob({
  name: "voice/prompt-set.generate",
  payload: z.object({ setId: z.string().min(1), round: z.number().int().nonnegative() }),
  maxAttempts: 5,
  errorDelayMs: exponentialBackoff,
  // 20 s rounds and 429 pauses: over two hours of work within Inngest's step budget per run.
  maxReschedules: 400,
});
