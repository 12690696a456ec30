"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * How often a page that waits for another device looks again. Under the 3 seconds in which the
 * first device must show the phone's outcome, with room for the render.
 */
export const WAIT_POLL_MS = 2000;

/** Re-renders the page from the server every WAIT_POLL_MS while it is shown. */
export function RefreshWhileWaiting() {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setInterval(() => router.refresh(), WAIT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [router]);
  return null;
}
