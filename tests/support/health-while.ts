// The hostile-input tests' responsiveness check (#29): /health is timed while a hostile request is
// in flight. The bound is the 200 ms, or five times the slowest idle /health of the same
// run when the machine (a shared CI host, other test files in parallel) is slower than that.
import { expect } from "vitest";
import { baseUrl } from "./api";

/** Milliseconds one GET /health takes. */
async function healthTime(): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${baseUrl()}/health`);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - start;
}

/**
 * Sends `request`, times /health over and over (at least three times) until it is answered, and
 * asserts that the slowest /health stayed within the bound. Returns the hostile request's answer.
 */
export async function expectHealthAnswersDuring(request: () => Promise<Response>, label = ""): Promise<Response> {
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) idle.push(await healthTime());
  const bound = Math.max(200, 5 * Math.max(...idle));
  const times: number[] = [];
  let done = false;
  const attack = request().finally(() => {
    done = true;
  });
  while (!done || times.length < 3) times.push(await healthTime());
  const answer = await attack;
  expect(
    Math.max(...times),
    `${label} /health times ${times.map(Math.round).join(", ")} ms (idle ${idle.map(Math.round).join(", ")})`,
  ).toBeLessThan(bound);
  return answer;
}
