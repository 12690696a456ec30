import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/api";

// The suite's app runs the embedded default: no Inngest keys, background work in-process.
describe("/api/inngest without Inngest configured", () => {
  it("answers every method with 404 inngest_not_configured and serves no functions", async () => {
    for (const method of ["GET", "PUT", "POST"]) {
      const res = await fetch(`${baseUrl()}/api/inngest?fnId=voiceage-webhooks-event-deliver&stepId=step`, {
        method,
        headers: { "content-type": "application/json" },
        body:
          method === "GET"
            ? undefined
            : JSON.stringify({ event: { name: "webhooks/event.deliver", data: { payload: { eventId: "oev_x" } } } }),
      });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
      const body = await res.json();
      expect(body.error.code).toBe("inngest_not_configured");
      expect(body.error.message).toMatch(/INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY.*background work runs in-process/);
    }
  });
});
