import "server-only";
import { listenForNotifications } from "@/lib/platform/db/listen";
import { JOBS_CHANNEL } from "@/lib/platform/db/job-queue";

/**
 * How the runner's loop sleeps between polls and is woken early. Polling is the guarantee; a
 * LISTEN on the channel that scheduleJobInTx NOTIFYs on commit is the shortcut, so a job due now
 * starts within milliseconds in whichever process is idle. Losing the listener only costs latency.
 */
export function createWakeUp(listen: boolean) {
  let wake: (() => void) | null = null;
  // Set when there may be new work while the loop is busy, so it polls again before sleeping.
  let requested = false;
  const request = () => {
    requested = true;
    wake?.();
  };
  const listener = listen ? listenForNotifications(JOBS_CHANNEL, request) : null;
  return {
    /** There may be new work (a NOTIFY, or a running job finished and freed a slot). */
    request,
    /** Whether a wake-up was requested since the last sleep; clears it. */
    takeRequest() {
      const was = requested;
      requested = false;
      return was;
    },
    /** Sleeps up to `ms`, or until a wake-up is requested. */
    async sleep(ms: number) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      requested = false;
    },
    /** Stops listening and ends a sleep in progress. */
    async close() {
      await listener?.close();
      wake?.();
    },
  };
}
