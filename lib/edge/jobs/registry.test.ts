import { describe, expect, it } from "vitest";
import { inngestFunctionId } from "@/lib/platform/jobs/define-job";
import { functions } from "@/inngest/route-handlers";
import { jobHandlers, jobs } from "@/lib/edge/jobs/registry";

// The registry is the only list of jobs: names (Job rows, Inngest events) and the function ids
// derived from them must not collide, and both engines must see every job.
describe("the job registry", () => {
  it("gives every job its own name and Inngest function id", () => {
    const names = jobs.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    const ids = jobs.map(inngestFunctionId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is what both engines run: one runner handler and one Inngest function per job", () => {
    expect(Object.keys(jobHandlers).sort()).toEqual(jobs.map((job) => job.name).sort());
    const served = functions.map((fn) => (fn as unknown as { opts: { id: string; retries: number } }).opts);
    expect(served).toEqual(
      jobs.map((job) => expect.objectContaining({ id: inngestFunctionId(job), retries: job.maxAttempts - 1 })),
    );
  });
});
